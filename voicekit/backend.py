"""What the agent needs of a clinic backend, where it used to be: it lives in ``voicekit.clinics.backend``."""

from voicekit.clinics.backend import Booker as Booker
from voicekit.clinics.backend import BookingFinder as BookingFinder
from voicekit.clinics.backend import CallbackTaker as CallbackTaker
from voicekit.clinics.backend import Canceller as Canceller
from voicekit.clinics.backend import ClinicBackend as ClinicBackend
from voicekit.clinics.backend import SlotReader as SlotReader

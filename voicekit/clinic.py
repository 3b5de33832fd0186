"""The demo clinic where SPEC 2.1 names it (``voicekit.clinic``): it lives in ``voicekit.clinics.demo``.

The tool table and the two ways a tool fails are every backend's (``voicekit.clinics.backend``); the
weekdays are the calendar's (``voicekit.weekdays``). All are re-exported here for the code that imports them.
"""

from voicekit.clinics.backend import OUTCOMES as OUTCOMES
from voicekit.clinics.backend import TOOLS as TOOLS
from voicekit.clinics.backend import ToolError as ToolError
from voicekit.clinics.backend import ToolTimeout as ToolTimeout
from voicekit.clinics.checks import check_date as check_date
from voicekit.clinics.checks import check_day as check_day
from voicekit.clinics.checks import check_name as check_name
from voicekit.clinics.checks import check_plan as check_plan
from voicekit.clinics.checks import check_time as check_time
from voicekit.clinics.checks import checked_times as checked_times
from voicekit.clinics.demo import DEFAULT_SCHEDULE as DEFAULT_SCHEDULE
from voicekit.clinics.demo import DEFAULT_TIMES as DEFAULT_TIMES
from voicekit.clinics.demo import Booking as Booking
from voicekit.clinics.demo import ClinicAPI as ClinicAPI
from voicekit.weekdays import WEEKDAYS as WEEKDAYS

"""Names in spoken words, where they used to be: they are in ``voicekit.nlu.names``."""

from voicekit.nlu.names import capitalise_name as capitalise_name

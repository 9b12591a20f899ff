class EmuError(Exception):
    """An error of the emulated program (or a construct the emulator does not model)."""

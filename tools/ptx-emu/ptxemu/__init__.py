"""ptxemu: a numeric CPU emulator of PTX (a SIMT interpreter in pure Python) with a race
detector, NaN poisoning and the asynchronous machinery of sm_80 / sm_90a / sm_100a kernels
(cp.async, mbarriers, TMA, WGMMA, tcgen05). See docs/ptx-emulator.md."""

from .errors import EmuError  # noqa: F401
from . import ops_scalar, ops_warp, ops_async, ops_wgmma, ops_tcgen05  # noqa: F401  (fill HANDLERS)
from .launch import Launch, shared_layout  # noqa: F401
from .memory import Global  # noqa: F401

"""Tensor maps (the bytes tensor_map_record.c writes) and the TMA swizzle modes."""

import struct

from .errors import EmuError


# CUtensorMapDataType -> element bytes
TMAP_ELEM = {0: 1, 1: 2, 2: 4, 3: 4, 4: 8, 5: 8, 6: 2, 7: 4, 8: 8, 9: 2, 10: 4, 11: 4, 12: 4}
TMAP_SWIZZLE_BYTES = {1: 32, 2: 64, 3: 128}


def swizzle(a, mode):
    """The shared address a 16-byte chunk at shared address `a` lands at under the swizzle
    mode (CUtensorMapSwizzle numbering: 1 = 32B, 2 = 64B, 3 = 128B): the chunk index (address
    bits 4..) XOR the row (bits 7..) within the 256/512/1024-byte pattern."""
    if mode == 3:
        return a ^ (((a >> 7) & 7) << 4)
    if mode == 2:
        return a ^ (((a >> 7) & 3) << 4)
    if mode == 1:
        return a ^ (((a >> 7) & 1) << 4)
    return a


def decode_tensor_map(cta, th, a, ins):
    """The tensor map at global address `a`, in the format of tools/ptx-emu/tensor_map_record.c, with
    the driver's requirements on its arguments checked."""
    where = f"{cta.who(th)}: {ins.where()}: tensor map at {a:#x}"
    if a % 64:
        raise EmuError(f"{where}: not 64-byte aligned")
    buf = cta.gmem.find(a, 128)
    if buf is None:
        raise EmuError(f"{where} ({cta.gmem.where(a)}) lies outside every allocation")
    o = a - buf[1]
    b = bytes(buf[2][o:o + 128])
    if struct.unpack_from("<I", b, 0)[0] != 0x50414D54:
        raise EmuError(f"{where}: no tensor map there (the host function did not encode one)")
    dtype, rank, inter, swz, l2, oob = b[4:10]
    if dtype not in TMAP_ELEM or not 1 <= rank <= 5:
        raise EmuError(f"{where}: data type {dtype}, rank {rank}")
    m = {"dtype": dtype, "esize": TMAP_ELEM[dtype], "rank": rank, "interleave": inter, "swizzle": swz, "oob": oob,
         "global": struct.unpack_from("<Q", b, 16)[0],
         "dims": list(struct.unpack_from(f"<{rank}Q", b, 24)),
         "strides": list(struct.unpack_from(f"<{rank - 1}Q", b, 64)) if rank > 1 else [],
         "box": list(struct.unpack_from(f"<{rank}H", b, 96)), "estrides": list(b[106:106 + rank])}
    if inter != 0 or any(e != 1 for e in m["estrides"]) or swz not in (0, 1, 2, 3) or oob not in (0, 1):
        raise EmuError(f"{where}: interleave {inter}, element strides {m['estrides']}, swizzle {swz}, oob fill {oob}: not modelled")
    if m["global"] % 16 or any(st % 16 or st >= 1 << 40 for st in m["strides"]) or any(not 1 <= d <= 1 << 32 for d in m["dims"]):
        raise EmuError(f"{where}: global address {m['global']:#x}, dims {m['dims']}, strides {m['strides']} break the driver's rules")
    if any(not 1 <= x <= 256 for x in m["box"]) or m["box"][0] * m["esize"] % 16:
        raise EmuError(f"{where}: box {m['box']} breaks the driver's rules")
    inner = m["box"][0] * m["esize"]
    if swz and inner != TMAP_SWIZZLE_BYTES[swz]:
        raise EmuError(f"{where}: swizzle {swz} with an inner box of {inner} bytes is not modelled")
    return m




def box_bytes(m):
    """Bytes of one box of the tensor map `m` (the product of its box extents)."""
    total = m["esize"]
    for b in m["box"]:
        total *= b
    return total


def box_rows(m, coords):
    """The rows of a TMA box at `coords` (innermost first) of the tensor map `m` that lie in the
    tensor: (byte offset of the row's first element in the box, global address of the first
    element inside, byte offset of that element in the box, bytes inside). A row is the box's
    extent along dim 0 at one coordinate of the outer dims (row index y_1 + b_1 (y_2 + b_2
    ...)); elements outside the tensor's extents in any dim are not read (a load fills them) or
    written (a store clips them), as the hardware does for tile-mode copies."""
    esz, box, dims = m["esize"], m["box"], m["dims"]
    strides = m["strides"]
    c0 = coords[0]
    x0, x1 = max(c0, 0), min(c0 + box[0], dims[0])
    if x0 >= x1:
        return
    row_bytes = box[0] * esz
    outer = box[1:]
    count = 1
    for b in outer:
        count *= b
    for r in range(count):
        addr, inside, rest = m["global"] + x0 * esz, True, r
        for k, b in enumerate(outer, start=1):
            y = coords[k] + rest % b
            rest //= b
            if not 0 <= y < dims[k]:
                inside = False
                break
            addr += y * strides[k - 1]
        if inside:
            yield r * row_bytes, addr, r * row_bytes + (x0 - c0) * esz, (x1 - x0) * esz

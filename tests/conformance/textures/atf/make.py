#!/usr/bin/env python3
"""Makes the JPEG-XR coded ATF test files beside this script (checked in; the tests do not
run this). Needs Debian's libjxr-tools (JxrEncApp) and libjxr-dev (to build jxr565.c), and
Python 3's standard library (lzma). Run: python3 make.py

How each file is made (ATF version 3 containers, records as u32 big-endian length + bytes, but
for the one version 0 file):

- JPEG-XR images: lossless (`-q 1`) with JxrEncApp from a PNM (24bppRGB, `-c 9`), a 32-bit
  BMP (32bppBGRA, `-c 22`, planar alpha: JxrEncApp's default `-a 2`) or a PGM (8bppGray,
  `-c 2`), all written here; RGB565 images with jxr565 (see jxr565.c for why).
- LZMA records: `lzma.compress(data, format=lzma.FORMAT_ALONE)` with the 8-byte unpacked size
  after the 5-byte properties removed, as ATF stores them.
- DXT records (formats 2, 4, 0xC): the blocks below split as ATF does: the index bits of
  every block, in block order, LZMA coded (4 bytes per block; DXT5's alpha 6); the endpoints
  as a JPEG-XR image ceil(w/4) wide and 2*ceil(h/4) high, the first endpoint of block j at
  pixel j (row-major), the second at pixel j + blocks. Other GPU encodings' records empty.

Files (the expected values are derived in the traces and context3d/tests/api/atf_jpegxr.rs):

- rgb888_4x4.atf: format 0, 4x4, 1 level; 2x2 quadrants TL (255,0,0), TR (16,128,240),
  BL (0,0,255), BR (200,100,50) (R,G,B).
- rgba8888_8x8_mips.atf: format 1, 8x8, 3 levels (8, 4, 2; JxrEncApp fails on a 1x1 image
  with alpha); level 0 4x4 quadrants TL (255,0,0,255), TR (0,255,0,128), BL (0,0,255,64),
  BR (255,255,255,0) (R,G,B,A); levels 1-2 solid (10,20,30,40), (50,60,70,80).
- rgba8888_interleaved_8x8.atf: the same with interleaved alpha (`JxrEncApp -a 3`).
- cube_rgb888_4x4.atf: format 0 with the cube flag, 4x4, 1 level; faces 0-5 solid (255,0,0),
  (0,255,255), (0,255,0), (255,0,255), (0,0,255), (255,255,0).
- dxt1_8x8_mips.atf: format 2, 8x8, 2 levels; see DXT1_L0 / DXT1_L1.
- dxt5_4x4.atf: format 4, 4x4, 1 level; see DXT5_BLOCK.
- dxt1_lossy_4x4.atf: format 0xC (12 records per level), 4x4, 1 level: one solid green block.
- dxt5_lossy_4x4.atf: format 0xD (17 records per level), 4x4, 1 level: DXT5_BLOCK.
- dxt5_16x16.atf: format 4, 16x16, 1 level of 16 blocks with distinct alpha endpoints (see
  DXT5_16); dxt5_16x16_v0.atf: the same records in a version 0 container (u24 lengths, 10
  records per level), which Molehill reads as written where it reads version 3 as Flash does.
- bad_*.atf: malformed variants of the above (each Flash's #3677): a JPEG-XR record cut in
  half, an LZMA record cut short, an 8x8 header over a 4x4 JPEG-XR image, empty records.
"""

import lzma
import os
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TMP = tempfile.mkdtemp(prefix="atf-make-")


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def tmp(name):
    return os.path.join(TMP, name)


def jxr_from_file(src, fmt, *extra):
    out = src + ".jxr"
    run("JxrEncApp", "-i", src, "-o", out, "-q", "1", "-c", str(fmt), *extra)
    return open(out, "rb").read()


def jxr_rgb(name, w, h, pixels):
    """pixels: rows top to bottom of (r, g, b)."""
    path = tmp(name + ".pnm")
    body = bytes(c for p in pixels for c in p)
    open(path, "wb").write(b"P6\n%d %d\n255\n" % (w, h) + body)
    return jxr_from_file(path, 9)


def jxr_bgra(name, w, h, pixels, *extra):
    """pixels: (r, g, b, a) row-major; a bottom-up 32-bit BI_RGB BMP holds B, G, R, A."""
    path = tmp(name + ".bmp")
    rows = [pixels[y * w:(y + 1) * w] for y in range(h)]
    pix = b"".join(bytes(c for r, g, b, a in row for c in (b, g, r, a)) for row in reversed(rows))
    hdr = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 32, 0, len(pix), 2835, 2835, 0, 0)
    open(path, "wb").write(b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54) + hdr + pix)
    return jxr_from_file(path, 22, *extra)


def jxr_gray(name, w, h, values):
    path = tmp(name + ".pgm")
    open(path, "wb").write(b"P5\n%d %d\n255\n" % (w, h) + bytes(values))
    return jxr_from_file(path, 2)


JXR565 = tmp("jxr565")
subprocess.run(["cc", "-D__ANSI__", "-I/usr/include/jxrlib", os.path.join(HERE, "jxr565.c"),
                "-ljxrglue", "-ljpegxr", "-o", JXR565], check=True)


def jxr_565(name, w, h, values):
    raw, out = tmp(name + ".raw"), tmp(name + ".jxr")
    open(raw, "wb").write(b"".join(struct.pack("<H", v) for v in values))
    run(JXR565, str(w), str(h), raw, out)
    return open(out, "rb").read()


def lzma_atf(data):
    packed = lzma.compress(data, format=lzma.FORMAT_ALONE)
    return packed[:5] + packed[13:]


def atf(code, cube, lw, lh, levels, images, per):
    body = bytes([code | (0x80 if cube else 0), lw, lh, levels])
    for records in images:
        for i in range(per):
            rec = records[i] if i < len(records) else b""
            body += struct.pack(">I", len(rec)) + rec
    return b"ATF\0\0\0\xff\x03" + struct.pack(">I", len(body)) + body


def atf0(code, cube, lw, lh, levels, images, per):
    """A version 0 container: a u24 length after "ATF", u24 record lengths."""
    body = bytes([code | (0x80 if cube else 0), lw, lh, levels])
    for records in images:
        for i in range(per):
            rec = records[i] if i < len(records) else b""
            body += struct.pack(">I", len(rec))[1:] + rec
    return b"ATF" + struct.pack(">I", len(body))[1:] + body


def write(name, data):
    open(os.path.join(HERE, name), "wb").write(data)


def quadrants(w, h, tl, tr, bl, br):
    return [(tl if x < w // 2 else tr) if y < h // 2 else (bl if x < w // 2 else br)
            for y in range(h) for x in range(w)]


def dxt_parts(name, w, h, blocks, alpha=False):
    """blocks: (c0, c1, 4 index bytes) or, with alpha, (a0, a1, 6 index bytes, c0, c1, 4)."""
    bw, bh = (w + 3) // 4, (h + 3) // 4
    recs = []
    if alpha:
        bits = b"".join(bytes(b[2]) for b in blocks)
        ends = [b[0] for b in blocks] + [b[1] for b in blocks]
        recs += [lzma_atf(bits), jxr_gray(name + "-a", bw, 2 * bh, ends)]
        blocks = [b[3:] for b in blocks]
    bits = b"".join(bytes(b[2]) for b in blocks)
    ends = [b[0] for b in blocks] + [b[1] for b in blocks]
    return recs + [lzma_atf(bits), jxr_565(name + "-c", bw, 2 * bh, ends)]


# rgb888_4x4
RGB_Q = ((255, 0, 0), (16, 128, 240), (0, 0, 255), (200, 100, 50))
rgb = jxr_rgb("rgb", 4, 4, quadrants(4, 4, *RGB_Q))
write("rgb888_4x4.atf", atf(0, False, 2, 2, 1, [[rgb]], 1))

# rgba8888_8x8_mips
RGBA_L0 = quadrants(8, 8, (255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 64), (255, 255, 255, 0))
levels = [jxr_bgra("rgba0", 8, 8, RGBA_L0)]
for i, (s, px) in enumerate([(4, (10, 20, 30, 40)), (2, (50, 60, 70, 80))]):
    levels.append(jxr_bgra("rgba%d" % (i + 1), s, s, [px] * (s * s)))
write("rgba8888_8x8_mips.atf", atf(1, False, 3, 3, 3, [[l] for l in levels], 1))

# rgba8888_interleaved_8x8: the same three levels with interleaved alpha (`-a 3`: one
# codestream whose image header has the alpha flag, as against the planar alpha plane above).
levels = [jxr_bgra("rgbai0", 8, 8, RGBA_L0, "-a", "3")]
for i, (s, px) in enumerate([(4, (10, 20, 30, 40)), (2, (50, 60, 70, 80))]):
    levels.append(jxr_bgra("rgbai%d" % (i + 1), s, s, [px] * (s * s), "-a", "3"))
write("rgba8888_interleaved_8x8.atf", atf(1, False, 3, 3, 3, [[l] for l in levels], 1))

# cube_rgb888_4x4
FACES = ((255, 0, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (0, 0, 255), (255, 255, 0))
faces = [jxr_rgb("face%d" % i, 4, 4, [c] * 16) for i, c in enumerate(FACES)]
write("cube_rgb888_4x4.atf", atf(0, True, 2, 2, 1, [[f] for f in faces], 1))

# dxt1_8x8_mips: level 0 has 2x2 blocks. Block 0: red / blue, rows of indices 0, 2, 3, 1
# (red, (2 red + blue) / 3, (red + 2 blue) / 3, blue); block 1 solid green, block 2 solid
# white, block 3 solid yellow (index 0 everywhere). Level 1: one solid cyan block.
DXT1_L0 = [(0xF800, 0x001F, (0x00, 0xAA, 0xFF, 0x55)), (0x07E0, 0, (0,) * 4),
           (0xFFFF, 0, (0,) * 4), (0xFFE0, 0, (0,) * 4)]
DXT1_L1 = [(0x07FF, 0, (0,) * 4)]
dxt1 = [dxt_parts("d1l0", 8, 8, DXT1_L0), dxt_parts("d1l1", 4, 4, DXT1_L1)]
write("dxt1_8x8_mips.atf", atf(2, False, 3, 3, 2, dxt1, 11))

# dxt5_4x4: alpha 255 / 0 (8-value mode), texel rows use alpha index 0, 1, 0, 1 (3 bits per
# texel, texel 0 in the low bits); colour red / blue, columns 0-1 index 0, 2-3 index 1 (0x50).
alpha_bits = 0
for t in range(16):
    alpha_bits |= (1 if (t // 4) % 2 else 0) << (3 * t)
DXT5_BLOCK = (255, 0, tuple(alpha_bits.to_bytes(6, "little")), 0xF800, 0x001F, (0x50,) * 4)
write("dxt5_4x4.atf", atf(4, False, 2, 2, 1, [dxt_parts("d5", 4, 4, [DXT5_BLOCK], True)], 16))

# dxt5_16x16 (version 3) and dxt5_16x16_v0 (version 0): format 4, 16x16, 1 level of 4x4 blocks
# (16: alpha endpoint image 4 x 8, Flash Player reads a version 3 file's second alpha endpoint
# of block j at pixel 4 + j, docs/context3d.md). Block j: alpha0 = 10 + 10j, alpha1 = 255 - 5j,
# texel rows 0 and 2 alpha index 0, rows 1 and 3 index 1 (DXT5_BLOCK's alpha bits); colour
# white (0xFFFF / 0, index 0).
DXT5_16 = [(10 + 10 * j, 255 - 5 * j, DXT5_BLOCK[2], 0xFFFF, 0, (0,) * 4) for j in range(16)]
d5_16 = dxt_parts("d5x16", 16, 16, DXT5_16, True)
write("dxt5_16x16.atf", atf(4, False, 4, 4, 1, [d5_16], 16))
write("dxt5_16x16_v0.atf", atf0(4, False, 4, 4, 1, [d5_16], 10))

# dxt1_lossy_4x4: format 0xC, one solid green block.
write("dxt1_lossy_4x4.atf", atf(0xC, False, 2, 2, 1, [dxt_parts("d1c", 4, 4, [(0x07E0, 0, (0,) * 4)])], 12))

# dxt5_lossy_4x4: format 0xD, the DXT5 block above.
write("dxt5_lossy_4x4.atf", atf(0xD, False, 2, 2, 1, [dxt_parts("d5c", 4, 4, [DXT5_BLOCK], True)], 17))

# Malformed variants.
write("bad_rgb888_truncated_jxr.atf", atf(0, False, 2, 2, 1, [[rgb[:len(rgb) // 2]]], 1))
short = [list(r) for r in dxt1]
short[0][0] = short[0][0][:8]
write("bad_dxt1_short_lzma.atf", atf(2, False, 3, 3, 2, short, 11))
write("bad_rgb888_size_mismatch.atf", atf(0, False, 3, 3, 1, [[rgb]], 1))
write("bad_rgb888_empty_record.atf", atf(0, False, 2, 2, 1, [[b""]], 1))
write("bad_dxt1_empty_records.atf", atf(2, False, 2, 2, 1, [[]], 11))

#!/usr/bin/env python3
"""Compares two RGBA/RGB PNGs (8 bits per channel, as Ruffle's test runner writes them) region by
region, without third-party modules: prints the differing pixels (any channel above TOLERANCE),
the largest channel difference, and per cell of a grid (--cell pixels square) the differing
pixels and their largest difference. Non-interlaced PNGs only (as Ruffle's runner writes them).

Usage: pngdiff.py EXPECTED.png ACTUAL.png [--tolerance N] [--cell PIXELS]
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), "only 8-bit RGB/RGBA"
            bpp = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 4 else bytes(
            b for px in range(width) for b in line[px * 3:px * 3 + 3] + b"\xff"))
        prev = line
    return width, height, rows


def main(argv):
    tol, cell, paths = 0, 40, []
    it = iter(argv)
    for a in it:
        if a == "--tolerance": tol = int(next(it))
        elif a == "--cell": cell = int(next(it))
        else: paths.append(a)
    w1, h1, e = read_png(paths[0])
    w2, h2, a = read_png(paths[1])
    assert (w1, h1) == (w2, h2), "sizes differ"
    cells, total, worst = {}, 0, 0
    for y in range(h1):
        for x in range(w1):
            d = max(abs(e[y][x * 4 + c] - a[y][x * 4 + c]) for c in range(4))
            if d > tol:
                total += 1
                worst = max(worst, d)
                k = (x // cell, y // cell)
                n, m = cells.get(k, (0, 0))
                cells[k] = (n + 1, max(m, d))
    print("%d differing pixels (tolerance %d), max difference %d" % (total, tol, worst))
    for (cx, cy), (n, m) in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print("  cell x %3d-%3d y %3d-%3d: %5d pixels, max %3d" % (
            cx * cell, cx * cell + cell - 1, cy * cell, cy * cell + cell - 1, n, m))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Writes the expected screens of stage_four_stage3ds.trace from the composition rule alone
(stage colour, then each visible layer in index order at its x, y, clipped, its colour channels
as stored, alpha ignored). Run from this folder: python3 stage_four_stage3ds.py"""
import struct, zlib

W, H, STAGE = 64, 48, (0x80, 0x80, 0x80)

def screen(layers):
    px = [[STAGE] * W for _ in range(H)]
    for (x, y, w, h, rgb) in layers:
        for row in range(max(y, 0), min(y + h, H)):
            for col in range(max(x, 0), min(x + w, W)):
                px[row][col] = rgb
    return px

def write_png(path, px):
    raw = b"".join(b"\x00" + bytes(c for p in row for c in p) for row in px)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

RED, GREEN, BLUE40, YELLOW = (255, 0, 0), (0, 255, 0), (0, 0, 102), (255, 255, 0)
# Screen 1: all four visible.
write_png("stage_four_stage3ds_1.png", screen([
    (0, 0, 32, 32, RED), (16, 8, 32, 32, GREEN), (40, 24, 32, 32, BLUE40), (-8, 36, 32, 32, YELLOW)]))
# Screen 2: stage3Ds[1] hidden, stage3Ds[3] moved to (48, 36).
write_png("stage_four_stage3ds_2.png", screen([
    (0, 0, 32, 32, RED), (40, 24, 32, 32, BLUE40), (48, 36, 32, 32, YELLOW)]))

#!/usr/bin/env python3
"""Print the test names (read from stdin, one a line) whose SWFs use Stage3D.

usage: stage3d_tests.py SWFS_DIR < names

A name is a test folder relative to SWFS_DIR (Ruffle's runner names its tests so). A test uses
Stage3D when a SWF in its folder, once decompressed (FWS, CWS: zlib, ZWS: LZMA), names
`flash.display3D`, `Stage3D` or `stage3Ds` (ActionScript 3 keeps class, package and property
names as strings in its constant pool). No list of test names is kept anywhere.
"""
import lzma
import os
import struct
import sys
import zlib

MARKERS = (b"flash.display3D", b"Stage3D", b"stage3Ds")


def swf_body(data):
    """The uncompressed bytes of a SWF (header included), or b"" when it is not one."""
    if len(data) < 8:
        return b""
    sig = data[:3]
    if sig == b"FWS":
        return data
    if sig == b"CWS":
        try:
            return data[:8] + zlib.decompressobj().decompress(data[8:])
        except zlib.error:
            return b""
    if sig == b"ZWS" and len(data) >= 17:
        props = data[12:17]
        d = props[0]
        lc, d = d % 9, d // 9
        lp, pb = d % 5, d // 5
        (dict_size,) = struct.unpack("<I", props[1:5])
        filt = {"id": lzma.FILTER_LZMA1, "dict_size": dict_size, "lc": lc, "lp": lp, "pb": pb}
        try:
            dec = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=[filt])
            return data[:8] + dec.decompress(data[17:])
        except lzma.LZMAError:
            return b""
    return b""


def uses_stage3d(folder):
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    for name in names:
        path = os.path.join(folder, name)
        if name.lower().endswith(".swf") and os.path.isfile(path):
            with open(path, "rb") as f:
                body = swf_body(f.read())
            if any(m in body for m in MARKERS):
                return True
    return False


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    for line in sys.stdin:
        name = line.strip()
        if name and uses_stage3d(os.path.join(root, name)):
            print(name)


if __name__ == "__main__":
    main()

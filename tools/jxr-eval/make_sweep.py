#!/usr/bin/env python3
"""Makes the generated sweep of JPEG-XR files the harness compares (jxr against jxrlib).

Writes small test images (gradients, noise, alpha; made here, standard library only) and
encodes each with Debian's JxrEncApp (apt-get install libjxr-tools) across its options:
lossless and lossy (-q), overlap (-l 0/1/2), chroma subsampling (-d 0..3), frequency or
spatial order (-f), sequential (-p), tiles (-U, -V/-H), planar or interleaved alpha (-a 2/3),
alpha quantisation (-Q), trimmed flexbits (-F) and skipped subbands (-s 1/2/3, band dropping).

Usage: python3 make_sweep.py OUT_DIR [--big]
  OUT_DIR/src/   the source images
  OUT_DIR/*.jxr  one file per (image, options); the options are in the name
  OUT_DIR/sweep.tsv  name, image, options, and "ok" or JxrEncApp's exit status
--big also writes the large images the speed test uses (OUT_DIR/big/*.jxr).
"""

import os
import random
import struct
import subprocess
import sys


def write_ppm(path, w, h, px):
    open(path, "wb").write(b"P6\n%d %d\n255\n" % (w, h) + bytes(c for p in px for c in p[:3]))


def write_pgm(path, w, h, px):
    open(path, "wb").write(b"P5\n%d %d\n255\n" % (w, h) + bytes(px))


def write_bmp24(path, w, h, px):
    # Bottom-up 24-bit BI_RGB, rows padded to 4 bytes, B G R.
    pad = (4 - (w * 3) % 4) % 4
    rows = []
    for y in reversed(range(h)):
        row = bytes(c for r, g, b in (p[:3] for p in px[y * w:(y + 1) * w]) for c in (b, g, r))
        rows.append(row + b"\0" * pad)
    pix = b"".join(rows)
    hdr = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    open(path, "wb").write(b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54) + hdr + pix)


def write_bmp32(path, w, h, px):
    # Bottom-up 32-bit BI_RGB: B G R A (what make.py in tests/conformance/textures/atf writes).
    rows = [px[y * w:(y + 1) * w] for y in range(h)]
    pix = b"".join(bytes(c for r, g, b, a in row for c in (b, g, r, a)) for row in reversed(rows))
    hdr = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 32, 0, len(pix), 2835, 2835, 0, 0)
    open(path, "wb").write(b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54) + hdr + pix)


def clamp(v):
    return max(0, min(255, int(v)))


def image(kind, w, h, seed):
    rnd = random.Random(seed)
    px = []
    for y in range(h):
        for x in range(w):
            gx, gy = x * 255 // max(1, w - 1), y * 255 // max(1, h - 1)
            if kind == "gradient":
                p = (gx, gy, (gx + gy) // 2, 255)
            elif kind == "noise":
                p = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256), 255)
            elif kind == "mixed":
                # Gradient, hard edges (blocks) and some noise: a texture-like picture.
                edge = 255 if ((x // 7) + (y // 5)) % 2 else 0
                n = rnd.randrange(-24, 25)
                p = (clamp(gx + n), clamp(edge * 0.6 + gy * 0.4 + n), clamp(255 - gx + n), 255)
            else:
                raise ValueError(kind)
            px.append(p)
    return px


def with_alpha(px, w, h, seed):
    rnd = random.Random(seed)
    out = []
    for i, (r, g, b, _) in enumerate(px):
        x, y = i % w, i // w
        # A soft circle with a hard cut and noise: alpha edges like a sprite's.
        d = ((x - w / 2) ** 2 + (y - h / 2) ** 2) ** 0.5 / (min(w, h) / 2)
        a = 0 if d > 0.9 else clamp(255 * (1 - d) * 1.4 + rnd.randrange(-20, 21))
        out.append((r, g, b, a))
    return out


def encode(src, fmt, opts, out):
    args = ["JxrEncApp", "-i", src, "-o", out, "-c", str(fmt)] + opts
    r = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode


def main():
    out = sys.argv[1]
    big = "--big" in sys.argv
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    # (name, JxrEncApp -c, writer, kind, w, h, alpha)
    images = [
        ("rgb_grad_67x45", 9, "ppm", "gradient", 67, 45, False),
        ("rgb_noise_40x33", 9, "ppm", "noise", 40, 33, False),
        ("bgr_mixed_83x61", 0, "bmp24", "mixed", 83, 61, False),
        ("gray_mixed_53x29", 2, "pgm", "mixed", 53, 29, False),
        ("bgra_mixed_61x37", 22, "bmp32", "mixed", 61, 37, True),
        ("rgb_mixed_4x4", 9, "ppm", "mixed", 4, 4, False),
        ("rgb_mixed_130x70", 9, "ppm", "mixed", 130, 70, False),
    ]
    # Option sets: every image gets BASE; colour images also COLOUR; alpha images ALPHA.
    base = []
    for q in ["1", "0.9", "0.5", "0.2", "40"]:
        for l in ["0", "1", "2"]:
            for order in [[], ["-f"]]:
                base.append(["-q", q, "-l", l] + order)
    base += [
        ["-q", "1", "-p"],
        ["-q", "0.7", "-p", "-f"],
        ["-q", "1", "-U", "2", "2"],
        ["-q", "0.8", "-U", "2", "3", "-f"],
        ["-q", "0.6", "-U", "3", "2", "-l", "2"],
        ["-q", "0.8", "-V", "1", "2", "-H", "1"],
        ["-q", "0.9", "-F", "4"],
        ["-q", "0.9", "-F", "15"],
        ["-q", "1", "-s", "1"],
        ["-q", "0.9", "-s", "1"],
        ["-q", "0.9", "-s", "2"],
        ["-q", "0.9", "-s", "3"],
        ["-q", "0.9", "-s", "2", "-f"],
        ["-q", "0.5", "-s", "3", "-l", "2", "-U", "2", "2"],
    ]
    colour = []
    for d in ["0", "1", "2", "3"]:
        for q in ["1", "0.8", "0.3"]:
            colour.append(["-q", q, "-d", d])
    colour += [["-q", "0.8", "-d", "1", "-l", "2", "-f", "-U", "2", "2"],
               ["-q", "0.8", "-d", "2", "-l", "0", "-s", "2"]]
    alpha = []
    for a in ["2", "3"]:
        for q in ["1", "0.8"]:
            for Q in [None, "1", "20"]:
                alpha.append(["-a", a, "-q", q] + (["-Q", Q] if Q else []))
        alpha += [["-a", a, "-q", "0.8", "-l", "2", "-f", "-U", "2", "2"],
                  ["-a", a, "-q", "0.9", "-s", "2"],
                  ["-a", a, "-q", "0.4", "-d", "1"]]
    # Lossy colour (scaled arithmetic) with lossy alpha, planar and interleaved, every overlap
    # and both orders: where jxr's interleaved alpha differs from jxrlib's by 1.
    for a in ["2", "3"]:
        for q in ["1", "0.8", "0.5"]:
            for Q in ["5", "60"]:
                for l in ["0", "2"]:
                    for order in [[], ["-f"]]:
                        alpha.append(["-a", a, "-q", q, "-Q", Q, "-l", l] + order)
    tsv = open(os.path.join(out, "sweep.tsv"), "w")
    n_ok = n_fail = 0
    for name, fmt, writer, kind, w, h, has_alpha in images:
        px = image(kind, w, h, sum(name.encode()))
        if has_alpha:
            px = with_alpha(px, w, h, 7)
        ext = {"ppm": "pnm", "pgm": "pnm", "bmp24": "bmp", "bmp32": "bmp"}[writer]
        src = os.path.join(out, "src", name + "." + ext)
        if writer == "ppm":
            write_ppm(src, w, h, px)
        elif writer == "pgm":
            write_pgm(src, w, h, [(p[0] + p[1] + p[2]) // 3 for p in px])
        elif writer == "bmp24":
            write_bmp24(src, w, h, px)
        else:
            write_bmp32(src, w, h, px)
        sets = list(base)
        if fmt != 2:
            sets += colour
        if has_alpha:
            sets = [s + ["-a", "2"] for s in sets] + alpha
        for opts in sets:
            tag = "".join(o.replace("-", "_") for o in opts).replace(".", "p")
            dst = os.path.join(out, f"{name}{tag}.jxr")
            rc = encode(src, fmt, opts, dst)
            tsv.write(f"{os.path.basename(dst)}\t{name}\t{' '.join(opts)}\t{'ok' if rc == 0 else rc}\n")
            if rc == 0:
                n_ok += 1
            else:
                n_fail += 1
                if os.path.exists(dst):
                    os.remove(dst)
    if big:
        os.makedirs(os.path.join(out, "big"), exist_ok=True)
        for name, fmt, kind, w, h, has_alpha, opts in [
            ("rgb_mixed_1024", 9, "mixed", 1024, 1024, False, ["-q", "1"]),
            ("rgb_mixed_1024_q0p8", 9, "mixed", 1024, 1024, False, ["-q", "0.8"]),
            ("rgb_mixed_2048_q0p8", 9, "mixed", 2048, 2048, False, ["-q", "0.8"]),
            ("bgra_mixed_1024_q0p8", 22, "mixed", 1024, 1024, True, ["-q", "0.8", "-a", "2"]),
            ("gray_mixed_2048_q0p8", 2, "mixed", 2048, 2048, False, ["-q", "0.8"]),
        ]:
            px = image(kind, w, h, 99)
            if has_alpha:
                px = with_alpha(px, w, h, 7)
            if fmt == 9:
                src = os.path.join(out, "src", name + ".pnm")
                write_ppm(src, w, h, px)
            elif fmt == 2:
                src = os.path.join(out, "src", name + ".pnm")
                write_pgm(src, w, h, [(p[0] + p[1] + p[2]) // 3 for p in px])
            else:
                src = os.path.join(out, "src", name + ".bmp")
                write_bmp32(src, w, h, px)
            rc = encode(src, fmt, opts, os.path.join(out, "big", name + ".jxr"))
            print(f"big {name}: {'ok' if rc == 0 else rc}")
    print(f"sweep: {n_ok} files encoded, {n_fail} option sets JxrEncApp refused (see sweep.tsv)")


if __name__ == "__main__":
    main()

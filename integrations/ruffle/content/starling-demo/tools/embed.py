#!/usr/bin/env python3
"""Does for ASC what Flex's mxmlc does with `[Embed]`: classes and SWF tags for embedded files.

    embed.py classes SRC.as OUTDIR MANIFEST [LEAVE_OUT]
        Reads SRC.as (a class whose `public static const NAME:Class` constants carry
        `[Embed(source="FILE"[, mimeType="application/octet-stream"])]`; FILE relative to SRC.as's
        folder, or with a leading "/" to its source root, as mxmlc takes it), writes to OUTDIR a copy
        of it whose constants are initialised with generated classes (`CLASS_NAME`) and one file
        per generated class: `extends flash.utils.ByteArray` for octet-stream, `extends
        flash.display.Bitmap` for PNG/JPEG/GIF, `extends flash.media.Sound` for MP3, as mxmlc's
        ByteArrayAsset, BitmapAsset and SoundAsset do. MANIFEST gets one line per embed:
        `CLASS KIND FILE` (FILE resolved). Other embeds (fonts) are left
        alone and named on standard error. LEAVE_OUT (NAME,NAME...) drops those constants from
        the copy altogether (their files are not embedded, and the app does not see them).
    embed.py tags IN.swf MANIFEST OUT.swf
        Writes OUT.swf: IN.swf (uncompressed, as ASC writes it) with one definition tag per
        manifest line before its first DoABC (DefineBinaryData for octet-stream; DefineBitsJPEG2
        holding the file's bytes for images, which SWF 8 and later allow for PNG and GIF too;
        DefineSound for MP3, its frames counted) and a SymbolClass tag naming the classes after
        its last DoABC, so the player binds each class to its character.
"""
import os
import re
import struct
import sys

EMBED = re.compile(
    r"\[Embed\s*\(([^)]*)\)\]\s*(?:public\s+|private\s+|protected\s+)*static\s+const\s+(\w+)\s*:\s*Class\s*;",
    re.S)
ATTR = re.compile(r'(\w+)\s*=\s*"([^"]*)"')


def classes(src, outdir, manifest, leave_out=""):
    drop = set(filter(None, leave_out.split(",")))
    text = open(src, encoding="utf-8-sig").read()
    owner = re.search(r"\bclass\s+(\w+)", text).group(1)
    package = re.search(r"\bpackage\s*([\w.]*)", text).group(1)
    lines = []

    def repl(m):
        attrs = dict(ATTR.findall(m.group(1)))
        name = m.group(2)
        if name in drop:
            drop.discard(name)
            return "// %s: left out by the build" % name
        if "source" not in attrs:
            return m.group(0)
        source = attrs["source"]
        base = os.path.dirname(src)
        if source.startswith("/"):
            # As mxmlc: a leading "/" is the source root (the folder above the package's).
            base = os.path.join(base, *[".."] * len(package.split(".") if package else []))
            source = source.lstrip("/")
        path = os.path.normpath(os.path.join(base, source))
        ext = os.path.splitext(path)[1].lower()
        if attrs.get("mimeType") == "application/octet-stream":
            kind, base = "binary", "flash.utils.ByteArray"
        elif ext in (".png", ".jpg", ".jpeg", ".gif"):
            kind, base = "image", "flash.display.Bitmap"
        elif ext == ".mp3":
            kind, base = "sound", "flash.media.Sound"
        else:
            print("embed.py: %s.%s (%s) not embedded: only binary data, images and MP3" % (owner, name, attrs["source"]), file=sys.stderr)
            return m.group(0)
        cls = "%s_%s" % (owner, name)
        with open(os.path.join(outdir, cls + ".as"), "w") as f:
            f.write("package %s\n{\n    import %s;\n    public class %s extends %s\n    {\n"
                    "        public function %s() { super(); }\n    }\n}\n"
                    % (package, base, cls, base.rpartition(".")[2], cls))
        lines.append("%s %s %s" % (((package + ".") if package else "") + cls, kind, path))
        return "public static const %s:Class = %s;" % (name, cls)

    text = EMBED.sub(repl, text)
    if drop:
        sys.exit("embed.py: no embedded constant %s in %s" % (", ".join(sorted(drop)), src))
    open(os.path.join(outdir, os.path.basename(src)), "w").write(text)
    open(manifest, "w").write("".join(l + "\n" for l in lines))


def tag(code, body):
    if len(body) < 63 and code not in (20, 21, 35, 36, 87):
        return struct.pack("<H", code << 6 | len(body)) + body
    return struct.pack("<HI", code << 6 | 0x3F, len(body)) + body


MP3_RATES = {3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000]}
MP3_KBPS = {
    (3, 1): [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    (2, 1): [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}


def define_sound(char, data):
    if data[:3] == b"ID3":
        size = (data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]
        data = data[10 + size:]
    pos, frames, samples, first = 0, bytearray(), 0, None
    while pos + 4 <= len(data):
        h = struct.unpack(">I", data[pos:pos + 4])[0]
        if h >> 21 != 0x7FF:
            if data[pos:pos + 3] == b"TAG":
                break
            pos += 1
            continue
        version, layer = (h >> 19) & 3, (h >> 17) & 3
        bitrate, rate, pad = (h >> 12) & 15, (h >> 10) & 3, (h >> 9) & 1
        if layer != 1 or rate == 3 or bitrate in (0, 15) or version == 1:
            pos += 1
            continue
        hz = MP3_RATES[version][rate]
        kbps = MP3_KBPS[(3 if version == 3 else 2, 1)][bitrate]
        size = (144 if version == 3 else 72) * kbps * 1000 // hz + pad
        first = first or (hz, (h >> 6) & 3)
        frames += data[pos:pos + size]
        samples += 1152 if version == 3 else 576
        pos += size
    if first is None:
        sys.exit("embed.py: no MP3 frames")
    hz, mode = first
    rate_code = {5512: 0, 11025: 1, 22050: 2, 44100: 3}.get(hz)
    if rate_code is None:
        sys.exit("embed.py: MP3 at %d Hz: SWF sounds are 5.5, 11, 22 or 44 kHz" % hz)
    flags = 2 << 4 | rate_code << 2 | 1 << 1 | (0 if mode == 3 else 1)
    return tag(14, struct.pack("<HBI", char, flags, samples) + struct.pack("<h", 0) + bytes(frames))


def tags(swf_in, manifest, swf_out):
    data = open(swf_in, "rb").read()
    if data[:3] != b"FWS":
        sys.exit("embed.py: %s is not an uncompressed SWF" % swf_in)
    nbits = data[8] >> 3
    pos = 8 + (5 + 4 * nbits + 7) // 8 + 4
    header, body = data[:pos], data[pos:]
    items, p = [], 0
    while p < len(body):
        code_len = struct.unpack("<H", body[p:p + 2])[0]
        code, length, hl = code_len >> 6, code_len & 0x3F, 2
        if length == 0x3F:
            length, hl = struct.unpack("<I", body[p + 2:p + 6])[0], 6
        items.append((code, body[p:p + hl + length]))
        p += hl + length
    defs, symbols = [], []
    for char, line in enumerate(l.split(" ", 2) for l in open(manifest).read().splitlines() if l.strip()):
        char += 1000
        cls, kind, path = line
        blob = open(path, "rb").read()
        if kind == "binary":
            defs.append(tag(87, struct.pack("<HI", char, 0) + blob))
        elif kind == "image":
            defs.append(tag(21, struct.pack("<H", char) + blob))
        else:
            defs.append(define_sound(char, blob))
        symbols.append(struct.pack("<H", char) + cls.encode() + b"\0")
    abc = [i for i, (c, _) in enumerate(items) if c in (72, 82)]
    if not abc:
        sys.exit("embed.py: no DoABC tag in %s" % swf_in)
    out = [t for _, t in items]
    out.insert(abc[-1] + 1, tag(76, struct.pack("<H", len(symbols)) + b"".join(symbols)))
    out[abc[0]:abc[0]] = defs
    new = bytearray(header + b"".join(out))
    struct.pack_into("<I", new, 4, len(new))
    open(swf_out, "wb").write(new)


if __name__ == "__main__":
    if len(sys.argv) in (5, 6) and sys.argv[1] == "classes":
        classes(*sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "tags":
        tags(*sys.argv[2:])
    else:
        sys.exit(__doc__)

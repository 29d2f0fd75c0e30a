/* jxr565 W H IN.raw OUT.jxr: encodes W x H little-endian RGB565 pixels (rows top to bottom)
 * as a lossless JPEG-XR image of pixel format 16bppRGB565, with jxrlib's glue library: the
 * same calls and defaults JxrEncApp makes for `-q 1`, which cannot do it itself (Debian's
 * JxrEncApp 1.2~git20170615-5 exits with WMP_errUnsupportedFormat on every 16-bit BMP).
 * Build: cc -D__ANSI__ -I/usr/include/jxrlib jxr565.c -ljxrglue -ljpegxr -o jxr565
 * (Debian: apt-get install libjxr-dev). Used by make.py; not needed to run the tests. */
#include <JXRGlue.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 5)
        return 2;
    int w = atoi(argv[1]), h = atoi(argv[2]);
    size_t n = (size_t)w * (size_t)h * 2;
    unsigned char *px = calloc(n, 1);
    FILE *f = fopen(argv[3], "rb");
    if (!px || !f || fread(px, 1, n, f) != n)
        return 3;
    fclose(f);
    struct WMPStream *out = NULL;
    PKImageEncode *enc = NULL;
    CWMIStrCodecParam p = {0};
    p.cfColorFormat = YUV_444;
    p.bdBitDepth = BD_LONG;
    p.bfBitstreamFormat = FREQUENCY;
    p.bProgressiveMode = TRUE;
    p.olOverlap = OL_ONE;
    p.sbSubband = SB_ALL;
    p.uiDefaultQPIndex = 1; /* lossless */
    if (CreateWS_File(&out, argv[4], "wb") < 0 || PKImageEncode_Create_WMP(&enc) < 0 ||
        enc->Initialize(enc, out, &p, sizeof p) < 0 ||
        enc->SetPixelFormat(enc, GUID_PKPixelFormat16bppRGB565) < 0 ||
        enc->SetSize(enc, w, h) < 0 || enc->WritePixels(enc, h, px, w * 2) < 0)
        return 4;
    enc->Release(&enc);
    free(px);
    return 0;
}

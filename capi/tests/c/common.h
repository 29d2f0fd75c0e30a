/* What the C test programs (triangle.c, host.c) share: CHECK counts a failure, says where and
 * why on stderr, and goes on (each program exits 1 when `failures` is not 0); little() lends
 * bytes as a little-endian ByteArray; the pass-through vertex program both upload. Include it
 * after molehill.h. */
#ifndef MOLEHILL_TEST_COMMON_H
#define MOLEHILL_TEST_COMMON_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                 \
      fprintf(stderr, __VA_ARGS__);                                                            \
      fprintf(stderr, "\n");                                                                   \
      failures++;                                                                              \
    }                                                                                          \
  } while (0)

/* `bytes` as a ByteArray at position 0, little-endian (as Flash needs AGAL bytecode). */
static MhByteArray little(const uint8_t *bytes, size_t length) {
  MhByteArray b;
  b.bytes = bytes;
  b.length = length;
  b.position = 0;
  b.endian = MH_ENDIAN_LITTLE;
  return b;
}

/* mov op, va0 ; mov v0, va1 (not const: triangle.c breaks its header byte for a moment). */
static uint8_t vertex_agal[] = {
    0xa0, 0x01, 0x00, 0x00, 0x00, 0xa1, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x03,
    0x00, 0x00, 0x00, 0xe4, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x04, 0x01, 0x00, 0x00, 0xe4, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

#endif

/* What the C test programs (triangle.c, host.c, lost.c) share: CHECK counts a failure, says where and
 * why on stderr, and goes on (each program exits 1 when `failures` is not 0); must() checks a
 * call's status and error; little() lends
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

/* Whether a Molehill call succeeded: a failure is reported with its message (the error is
 * freed) and counted; a success must leave `*error` NULL. */
static int must(MhStatus status, MhError *err, const char *what) {
  if (status != MH_STATUS_OK) {
    fprintf(stderr, "%s failed: status %d: %s\n", what, (int)status,
            err != NULL ? err->message : "(no error)");
    mh_error_free(err);
    failures++;
    return 0;
  }
  CHECK(err == NULL, "%s: *error not null on success", what);
  return 1;
}

/* Runs `call` (which writes the error to `err`) and checks that it succeeded, with `err` and
 * `st` in scope. The comma operator orders the call before `err` is read (the order of a
 * function's arguments is unspecified in C). */
#define MUST(call, what) (err = NULL, st = (call), must(st, err, what))

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

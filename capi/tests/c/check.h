/* The checks the C test programs (triangle.c, host.c) share: CHECK counts a failure, says
 * where and why on stderr, and goes on; each program exits 1 when `failures` is not 0. */
#ifndef MOLEHILL_TEST_CHECK_H
#define MOLEHILL_TEST_CHECK_H

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

#endif

/* A C player that survives a device loss and frees what its collector drops (issue 36), C99,
 * headless GL (Mesa's llvmpipe through EGL):
 * - a texture collected (mh_texture_collect): totalGPUMemory drops at once, its handle is
 *   forgotten (MH_STATUS_INVALID_ARGUMENT), collecting it again is fine;
 * - a forced loss (mh_stage3d_force_context_loss): MH_EVENT_KIND_CONTEXT3D_LOST once, #3694
 *   from the context and its objects; mh_stage3d_recover_lost_context (once a frame) gives
 *   MH_EVENT_KIND_CONTEXT3D_CREATE with a new handle, where the player uploads anew and draws.
 *
 * Build: cc -std=c99 -Wall -Wextra -pedantic -Werror -I capi/include capi/tests/c/lost.c \
 *          target/debug/libmolehill_capi.a -lpthread -ldl -lm -o lost
 * Exit status 0 when every check holds; 77 when no EGL display can be opened (skipped). */
#include <stdio.h>
#include <string.h>

#include "molehill.h"

#include "common.h"

/* What the event callback saw. */
typedef struct {
  int creates;
  int losses;
  MhContext3D context;
  MhContext3D lost;
} Events;

static void on_event(void *user_data, const MhEvent *event) {
  Events *ev = (Events *)user_data;
  if (event->kind == MH_EVENT_KIND_CONTEXT3D_CREATE) {
    ev->creates++;
    ev->context = event->context;
  } else if (event->kind == MH_EVENT_KIND_CONTEXT3D_LOST) {
    ev->losses++;
    ev->lost = event->context;
  }
}

/* Expects Flash's #3694 from `status`; frees `err`. */
static void expect_3694(MhStatus status, MhError *err, const char *what) {
  CHECK(status == MH_STATUS_FLASH_ERROR && err != NULL && err->id == 3694, "%s: not #3694",
        what);
  mh_error_free(err);
}

/* Runs `call` (which writes the error to `err`) and expects #3694, with `err` and `st` in
 * scope (the comma operator orders the call before `err` is read). */
#define EXPECT_3694(call, what) (err = NULL, st = (call), expect_3694(st, err, what))

/* Clears the back buffer of `ctx` to (r, g, b), presents it and returns its centre pixel. */
static uint32_t clear_and_read(MhStage3D *stage, MhContext3D ctx, double r, double g, double b) {
  static uint32_t pixels[32 * 32];
  MhBitmapDataMut out = {pixels, 32 * 32, 32, 32, false, true};
  MhError *err = NULL;
  MhStatus st;
  memset(pixels, 0, sizeof pixels);
  MUST(mh_context3d_clear(stage, ctx, r, g, b, 1.0, 1.0, 0, 0xFFFFFFFFu, &err), "clear");
  MUST(mh_context3d_draw_to_bitmap_data(stage, ctx, out, NULL, NULL, &err), "drawToBitmapData");
  return pixels[16 * 32 + 16];
}

int main(void) {
  Events ev = {0, 0, {0}, {0}};
  MhStage3D *stage = NULL;
  MhError *err = NULL;
  MhStatus st;
  MhContext3D old;
  MhTextureBase t = {0}, kept = {0};
  uint64_t before = 0, after = 0;
  int recovered = 0;
  bool lost = false, back = false;
  static const uint32_t texels[16] = {0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u,
                                      0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u,
                                      0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u,
                                      0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u, 0xFF00FF00u};
  MhBitmapData green4 = {texels, 16, 4, 4, true, true};
  (void)little; /* common.h's, unused here */
  (void)vertex_agal;

  if (!MUST(mh_stage3d_new_headless(on_event, &ev, &stage, &err), "new stage")) return 1;
  MUST(mh_stage3d_request_context3d(stage, "auto", mh_profile_name(MH_PROFILE_STANDARD), &err),
       "requestContext3D");
  if (ev.context.id == 0) {
    fprintf(stderr, "skipped: no headless GL context here\n");
    mh_stage3d_destroy(stage);
    return 77;
  }
  old = ev.context;
  MUST(mh_context3d_configure_back_buffer(stage, old, 32, 32, 0, false, false, false, &err),
       "configureBackBuffer");

  /* Collected: the memory comes back at once, the handle is forgotten. */
  MUST(mh_context3d_create_texture(stage, old, 256, 256, "bgra", false, 0, &t, &err),
       "createTexture");
  MUST(mh_context3d_create_texture(stage, old, 4, 4, "bgra", false, 0, &kept, &err),
       "createTexture");
  MUST(mh_context3d_total_gpu_memory(stage, old, &before, &err), "totalGPUMemory");
  MUST(mh_texture_collect(stage, old, t, &err), "collect");
  MUST(mh_context3d_total_gpu_memory(stage, old, &after, &err), "totalGPUMemory");
  CHECK(before - after == 349524u, "collect gave back %llu bytes, not 349524",
        (unsigned long long)(before - after));
  MUST(mh_texture_collect(stage, old, t, &err), "collect again");
  st = mh_context3d_set_texture_at(stage, old, 0, t, &err);
  CHECK(st == MH_STATUS_INVALID_ARGUMENT, "a collected handle: status %d", (int)st);
  mh_error_free(err);
  CHECK(clear_and_read(stage, old, 1.0, 0.0, 0.0) == 0xFFFF0000u, "red before the loss");

  /* The loss: one LOST event, #3694 from the context and its objects. */
  MUST(mh_stage3d_force_context_loss(stage, &lost, &err), "forceContextLoss");
  CHECK(lost, "the context was not lost");
  CHECK(ev.losses == 1 && ev.lost.id == old.id, "losses %d (context %llu)", ev.losses,
        (unsigned long long)ev.lost.id);
  EXPECT_3694(mh_context3d_clear(stage, old, 0, 0, 0, 1, 1, 0, 0xFFFFFFFFu, &err), "clear");
  EXPECT_3694(mh_texture_upload_from_bitmap_data(stage, old, kept, green4, 0, &err), "upload");
  CHECK(ev.losses == 1, "the loss was delivered %d times", ev.losses);

  /* Once a frame, the player asks; the device is back at once here. */
  while (!back && recovered < 3) {
    MUST(mh_stage3d_recover_lost_context(stage, &back, &err), "recoverLostContext");
    recovered++;
  }
  CHECK(back && ev.creates == 2, "recovered %d, %d context3DCreate", (int)back, ev.creates);
  CHECK(ev.context.id != old.id, "the new context has a new handle");
  EXPECT_3694(
      mh_context3d_configure_back_buffer(stage, old, 32, 32, 0, false, false, false, &err),
      "the old handle");
  MUST(mh_context3d_configure_back_buffer(stage, ev.context, 32, 32, 0, false, false, false,
                                          &err),
       "configureBackBuffer (new)");
  CHECK(clear_and_read(stage, ev.context, 0.0, 1.0, 0.0) == 0xFF00FF00u, "green after");
  mh_stage3d_destroy(stage);
  if (failures) return 1;
  printf("collected, lost and recovered: checked\n");
  return 0;
}

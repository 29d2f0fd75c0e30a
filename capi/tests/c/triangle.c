/* Molehill's C API from C99: a textured triangle drawn headless (Mesa's llvmpipe through EGL),
 * its pixels read back and checked, Flash errors provoked and checked (ID, class, exact
 * message), events through the callback, and everything freed (CI runs it under
 * AddressSanitizer and LeakSanitizer).
 *
 * Build: cc -std=c99 -Wall -Wextra -pedantic -Werror -I capi/include capi/tests/c/triangle.c \
 *          target/debug/libmolehill_capi.a -lpthread -ldl -lm -o triangle
 * Exit status 0 when every check holds; 77 when no EGL display can be opened (skipped). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "molehill.h"

#include "common.h"


/* Expects `status` to be a Flash error with this ID, class and exact message; frees `err`. */
static void expect_flash(MhStatus status, MhError *err, uint32_t id, const char *class_name,
                         const char *message, const char *what) {
  CHECK(status == MH_STATUS_FLASH_ERROR, "%s: status %d, not MH_STATUS_FLASH_ERROR", what,
        (int)status);
  CHECK(err != NULL, "%s: no MhError", what);
  if (err != NULL) {
    CHECK(err->status == status, "%s: error status %d", what, (int)err->status);
    CHECK(err->id == id, "%s: ID %u, expected %u", what, err->id, id);
    CHECK(strcmp(err->class_name, class_name) == 0, "%s: class %s, expected %s", what,
          err->class_name, class_name);
    CHECK(strcmp(err->message, message) == 0, "%s: message\n  \"%s\", expected\n  \"%s\"", what,
          err->message, message);
    mh_error_free(err);
  }
}

/* Expects a non-Flash failure `status`; frees `err`. */
static void expect_status(MhStatus got, MhError *err, MhStatus status, const char *what) {
  CHECK(got == status, "%s: status %d, expected %d", what, (int)got, (int)status);
  CHECK(err != NULL && err->id == 0 && err->error_class == MH_ERROR_CLASS_NONE &&
            strlen(err->message) > 0,
        "%s: expected a non-Flash MhError with a message", what);
  mh_error_free(err);
}

/* What the event callback saw. */
typedef struct {
  MhStage3D *stage;
  int creates;
  int errors;
  int texture_ready;
  MhContext3D context;
  MhTextureBase ready_texture;
  MhStatus configure_in_callback;
} Events;

static void on_event(void *user_data, const MhEvent *event) {
  Events *ev = (Events *)user_data;
  switch (event->kind) {
  case MH_EVENT_KIND_CONTEXT3D_CREATE:
    ev->creates++;
    ev->context = event->context;
    /* The stage is released before events are delivered: a VM may call back in. */
    ev->configure_in_callback = mh_context3d_configure_back_buffer(
        ev->stage, event->context, 64, 64, 0, false, false, false, NULL);
    break;
  case MH_EVENT_KIND_TEXTURE_READY:
    ev->texture_ready++;
    ev->ready_texture = event->texture;
    break;
  case MH_EVENT_KIND_ERROR:
    ev->errors++;
    fprintf(stderr, "ErrorEvent: %s\n", event->error->message);
    break;
  case MH_EVENT_KIND_CONTEXT3D_LOST: /* lost.c handles it; this program loses nothing */
    break;
  }
}

static const uint8_t fragment_agal[] = {
    /* tex ft0, v0, fs0 <2d,nearest,clamp,mipnone> ; mov oc, ft0 */
    0xa0, 0x01, 0x00, 0x00, 0x00, 0xa1, 0x01, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x02,
    0x00, 0x00, 0x00, 0xe4, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x03, 0x00, 0x00, 0x00, 0xe4, 0x02, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

int main(void) {
  Events ev;
  MhStage3D *stage = NULL;
  MhError *err = NULL;
  MhStatus st;
  MhContext3D ctx, old_ctx, ctx_now;
  MhVertexBuffer3D vb = {0}, vb2 = {0}, bogus_vb = {999999};
  MhIndexBuffer3D ib = {0};
  MhProgram3D program = {0}, bad_program = {0};
  MhTextureBase tex = {0};
  char *driver = NULL, *profile = NULL;
  const uint32_t texels[4] = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  /* x, y, u, v: one triangle over the whole back buffer, texture coordinates (x+1)/2, (1-y)/2. */
  const double vertices[12] = {-1, -1, 0, 1, 3, -1, 2, 1, -1, 3, 0, -1};
  const uint32_t indices[3] = {0, 1, 2};
  static uint32_t pixels[64 * 64];
  static uint32_t captured[64 * 64];
  uint32_t w = 0, h = 0;
  uint64_t memory_before = 0, memory_after = 0, budget = 0;
  MhBitmapData bitmap;
  MhBitmapDataMut dest;
  const struct {
    int x, y;
    uint32_t argb;
  } expected[4] = {{16, 16, 0xFFFF0000u}, {48, 16, 0xFF00FF00u}, {16, 48, 0xFF0000FFu},
                   {48, 48, 0xFFFFFFFFu}};
  int i;

  memset(&ev, 0, sizeof ev);
  CHECK(mh_version() == MOLEHILL_VERSION, "library %s, header %s", mh_version_string(),
        MOLEHILL_VERSION_STRING);

  if (!MUST(mh_stage3d_new_headless(on_event, &ev, &stage, &err), "mh_stage3d_new_headless"))
    return 1;
  ev.stage = stage;

  /* requestContext3D: a wrong profile string is ArgumentError #2008, thrown. */
  err = NULL;
  st = mh_stage3d_request_context3d(stage, "auto", "standrad", &err);
  expect_flash(st, err, 2008, "ArgumentError",
               "Error #2008: Parameter profile must be one of the accepted values.",
               "requestContext3D(\"standrad\")");

  err = NULL;
  st = mh_stage3d_request_context3d(stage, mh_render_mode_name(MH_RENDER_MODE_AUTO),
                                    mh_profile_name(MH_PROFILE_STANDARD), &err);
  must(st, err, "requestContext3D");
  if (ev.errors > 0) {
    fprintf(stderr, "skipped: no headless GL context here (ErrorEvent #3702)\n");
    mh_stage3d_destroy(stage);
    return 77;
  }
  CHECK(ev.creates == 1, "%d context3DCreate events", ev.creates);
  CHECK(ev.configure_in_callback == MH_STATUS_OK, "configureBackBuffer from the callback: %d",
        (int)ev.configure_in_callback);
  ctx = ev.context;
  ctx_now.id = 0;
  MUST(mh_stage3d_context3d(stage, &ctx_now, &err), "context3D");
  CHECK(ctx.id != 0 && ctx_now.id == ctx.id, "context3D handle %llu vs event's %llu",
        (unsigned long long)ctx_now.id, (unsigned long long)ctx.id);

  err = NULL;
  if (MUST(mh_context3d_profile(stage, ctx, &profile, &err), "profile")) {
    CHECK(strcmp(profile, "standard") == 0, "profile %s", profile);
  }
  MUST(mh_context3d_driver_info(stage, ctx, &driver, &err), "driverInfo");
  MUST(mh_context3d_back_buffer_width(stage, ctx, &w, &err), "backBufferWidth");
  CHECK(w == 64, "backBufferWidth %u", w);

  /* Resources. */
  MUST(mh_context3d_create_vertex_buffer(stage, ctx, 3, 4, "staticDraw", &vb, &err),
       "createVertexBuffer");
  MUST(mh_vertex_buffer_upload_from_vector(stage, ctx, vb, vertices, 12, 0, 3, &err),
       "uploadFromVector");
  MUST(mh_context3d_create_index_buffer(stage, ctx, 3, "staticDraw", &ib, &err),
       "createIndexBuffer");
  MUST(mh_index_buffer_upload_from_vector(stage, ctx, ib, indices, 3, 0, 3, &err),
       "IndexBuffer3D.uploadFromVector");
  MUST(mh_context3d_create_program(stage, ctx, &program, &err), "createProgram");
  MUST(mh_program_upload(stage, ctx, program, little(vertex_agal, sizeof vertex_agal),
                         little(fragment_agal, sizeof fragment_agal), &err), "Program3D.upload");
  MUST(mh_context3d_total_gpu_memory(stage, ctx, &memory_before, &err), "totalGPUMemory");
  MUST(mh_context3d_create_texture(stage, ctx, 2, 2, mh_texture_format_name(MH_TEXTURE_FORMAT_BGRA),
                                   false, 0, &tex, &err), "createTexture");
  MUST(mh_context3d_total_gpu_memory(stage, ctx, &memory_after, &err), "totalGPUMemory");
  CHECK(memory_before >= 64u * 64u * 4u && memory_after >= memory_before + 16u,
        "totalGPUMemory %llu before a 2x2 bgra texture, %llu after",
        (unsigned long long)memory_before, (unsigned long long)memory_after);
  MUST(mh_stage3d_set_memory_budget(stage, 1u << 20, &err), "memory budget");
  MUST(mh_stage3d_memory_budget(stage, &budget, &err), "memory budget");
  CHECK(budget == (1u << 20), "memory budget %llu", (unsigned long long)budget);
  bitmap.pixels = texels;
  bitmap.length = 4;
  bitmap.width = 2;
  bitmap.height = 2;
  bitmap.premultiplied = false;
  bitmap.transparent = true;
  /* uploadFromBitmapDataAsync: textureReady through the callback. */
  MUST(mh_texture_upload_from_bitmap_data_async(stage, ctx, tex, bitmap, 0, &err),
       "uploadFromBitmapDataAsync");
  CHECK(ev.texture_ready == 1 && ev.ready_texture.id == tex.id, "textureReady: %d events, texture %llu",
        ev.texture_ready, (unsigned long long)ev.ready_texture.id);

  /* The frame. */
  MUST(mh_context3d_set_program(stage, ctx, program, &err), "setProgram");
  MUST(mh_context3d_set_vertex_buffer_at(stage, ctx, 0, vb, 0,
                                         mh_vertex_buffer_format_name(MH_VERTEX_BUFFER_FORMAT_FLOAT2),
                                         &err), "setVertexBufferAt(0)");
  MUST(mh_context3d_set_vertex_buffer_at(stage, ctx, 1, vb, 2, "float2", &err),
       "setVertexBufferAt(1)");
  MUST(mh_context3d_set_texture_at(stage, ctx, 0, tex, &err), "setTextureAt");
  MUST(mh_context3d_clear(stage, ctx, 0, 0, 0, 1, 1, 0, 0xFFFFFFFFu, &err), "clear");
  MUST(mh_context3d_draw_triangles(stage, ctx, ib, 0, 1, &err), "drawTriangles");
  {
    uint32_t draws = 99;
    MUST(mh_context3d_draws_since_present(stage, ctx, &draws, &err), "draws since present");
    CHECK(draws == 1, "draws since present after one drawTriangles: %u, expected 1", draws);
  }

  dest.pixels = pixels;
  dest.length = 64 * 64;
  dest.width = 64;
  dest.height = 64;
  dest.premultiplied = false;
  dest.transparent = true;
  MUST(mh_context3d_draw_to_bitmap_data(stage, ctx, dest, NULL, NULL, &err), "drawToBitmapData");
  for (i = 0; i < 4; i++) {
    uint32_t got = pixels[expected[i].y * 64 + expected[i].x];
    CHECK(got == expected[i].argb, "pixel (%d, %d) is %08x, expected %08x", expected[i].x,
          expected[i].y, got, expected[i].argb);
  }
  /* srcRect and destPoint: an 8x8 piece of the green quadrant into the corner of a 16x16. */
  {
    static uint32_t small[16 * 16];
    const MhRect src = {40, 8, 8, 8};
    const MhPoint at = {8, 8};
    MhBitmapDataMut piece = {small, 16 * 16, 16, 16, false, true};
    MUST(mh_context3d_draw_to_bitmap_data(stage, ctx, piece, &src, &at, &err),
         "drawToBitmapData(srcRect, destPoint)");
    CHECK(small[0] == 0 && small[8 * 16 + 8] == 0xFF00FF00u && small[15 * 16 + 15] == 0xFF00FF00u,
          "the piece: %08x %08x %08x", small[0], small[8 * 16 + 8], small[15 * 16 + 15]);
  }
  MUST(mh_context3d_present(stage, ctx, &err), "present");
  {
    uint32_t draws = 99;
    MUST(mh_context3d_draws_since_present(stage, ctx, &draws, &err), "draws since present");
    CHECK(draws == 0, "draws since present after present: %u, expected 0", draws);
  }
  /* After present: drawToBitmapData is #3692; the host's capture reads the presented frame. */
  err = NULL;
  st = mh_context3d_capture_back_buffer(stage, ctx, captured, 64 * 64, &w, &h, &err);
  if (must(st, err, "capture_back_buffer")) {
    CHECK(w == 64 && h == 64, "captured %ux%u", w, h);
    CHECK(memcmp(captured, pixels, sizeof pixels) == 0, "captured frame differs from drawToBitmapData's");
  }
  err = NULL;
  st = mh_context3d_capture_back_buffer(stage, ctx, captured, 10, NULL, NULL, &err);
  expect_status(st, err, MH_STATUS_INVALID_ARGUMENT, "capture into 10 pixels");

  /* Errors: bad AGAL (wrong magic byte). */
  MUST(mh_context3d_create_program(stage, ctx, &bad_program, &err), "createProgram");
  vertex_agal[0] = 0xb0;
  err = NULL;
  st = mh_program_upload(stage, ctx, bad_program, little(vertex_agal, sizeof vertex_agal),
                         little(fragment_agal, sizeof fragment_agal), &err);
  vertex_agal[0] = 0xa0;
  expect_flash(st, err, 3616, "Error",
               "Error #3616: AGAL validation failed: Not an AGAL program. Wrong magic byte for "
               "vertex program.",
               "upload of bad AGAL");

  /* A disposed buffer. */
  MUST(mh_context3d_create_vertex_buffer(stage, ctx, 3, 4, "dynamicDraw", &vb2, &err),
       "createVertexBuffer 2");
  MUST(mh_vertex_buffer_dispose(stage, ctx, vb2, &err), "VertexBuffer3D.dispose");
  err = NULL;
  st = mh_vertex_buffer_upload_from_vector(stage, ctx, vb2, vertices, 12, 0, 3, &err);
  expect_flash(st, err, 3694, "Error",
               "Error #3694: The object was disposed by an earlier call of dispose() on it.",
               "upload to a disposed buffer");

  /* A wrong enum string. */
  err = NULL;
  st = mh_context3d_set_blend_factors(stage, ctx, mh_blend_factor_name(MH_BLEND_FACTOR_ONE),
                                      "oneMinusSourceAlfa", &err);
  expect_flash(st, err, 2008, "ArgumentError",
               "Error #2008: Parameter destinationFactor must be one of the accepted values.",
               "setBlendFactors with a wrong string");
  CHECK(mh_blend_factor_name(1000) == NULL, "a value outside the enum has no name");

  /* The C boundary's own checks. */
  err = NULL;
  st = mh_context3d_set_culling(stage, ctx, NULL, &err);
  expect_status(st, err, MH_STATUS_NULL_POINTER, "setCulling(NULL)");
  err = NULL;
  st = mh_vertex_buffer_upload_from_vector(stage, ctx, vb, NULL, 12, 0, 3, &err);
  expect_status(st, err, MH_STATUS_NULL_POINTER, "uploadFromVector(NULL, 12)");
  err = NULL;
  st = mh_vertex_buffer_upload_from_vector(stage, ctx, vb, vertices, (size_t)-1, 0, 3, &err);
  expect_status(st, err, MH_STATUS_INVALID_ARGUMENT, "uploadFromVector(length SIZE_MAX)");
  err = NULL;
  st = mh_context3d_set_vertex_buffer_at(stage, ctx, 0, bogus_vb, 0, "float2", &err);
  expect_status(st, err, MH_STATUS_INVALID_ARGUMENT, "an unknown handle");
  err = NULL;
  st = mh_context3d_clear(NULL, ctx, 0, 0, 0, 1, 1, 0, 0xFFFFFFFFu, &err);
  expect_status(st, err, MH_STATUS_NULL_POINTER, "a null stage");
  /* Without somewhere to put the error, the status alone (and nothing leaks). */
  st = mh_context3d_set_culling(stage, ctx, "sideways", NULL);
  CHECK(st == MH_STATUS_FLASH_ERROR, "setCulling(\"sideways\") without an error pointer: %d",
        (int)st);

  /* A new requestContext3D replaces the context: the old handle answers as Flash's disposed
   * Context3D object (#3694; driverInfo "Disposed", its own profile, dispose doing nothing). */
  old_ctx = ctx;
  MUST(mh_stage3d_request_context3d(stage, "auto", "baseline", &err),
       "second requestContext3D");
  CHECK(ev.creates == 2 && ev.context.id != old_ctx.id, "second context3DCreate");
  err = NULL;
  st = mh_context3d_present(stage, old_ctx, &err);
  expect_flash(st, err, 3694, "Error",
               "Error #3694: The object was disposed by an earlier call of dispose() on it.",
               "present on the replaced context");
  {
    char *old_driver = NULL, *old_profile = NULL;
    MhContext3D current = {0};
    if (MUST(mh_context3d_driver_info(stage, old_ctx, &old_driver, &err),
             "driverInfo on the replaced context")) {
      CHECK(strcmp(old_driver, "Disposed") == 0, "replaced driverInfo %s", old_driver);
    }
    if (MUST(mh_context3d_profile(stage, old_ctx, &old_profile, &err),
             "profile on the replaced context")) {
      CHECK(strcmp(old_profile, "standard") == 0, "replaced profile %s", old_profile);
    }
    mh_string_free(old_driver);
    mh_string_free(old_profile);
    MUST(mh_context3d_dispose(stage, old_ctx, true, &err), "dispose(true) on the replaced context");
    MUST(mh_stage3d_context3d(stage, &current, &err), "stage3D.context3D");
    CHECK(ev.creates == 2 && current.id == ev.context.id,
          "the replaced context's dispose left the new one (creates %d)", ev.creates);
  }
  err = NULL;
  st = mh_stage3d_set_x(stage, 1e9, &err);
  expect_flash(st, err, 2006, "ArgumentError",
               "Error #2006: The supplied index is out of bounds.", "stage3D.x = 1e9");

  mh_string_free(profile);
  mh_string_free(driver);
  mh_stage3d_destroy(stage);
  if (failures > 0) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("molehill C API: textured triangle, readback, errors and events checked\n");
  return 0;
}

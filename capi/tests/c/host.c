/* A C player with its own GL context embedding Molehill through the C API, from start to frame
 * composite: the program docs/c-api.md ("A C player in its own GL context") walks through.
 *
 * 1. The player makes its EGL context (Mesa's surfaceless platform: no display needed) and its
 *    own framebuffer, program and state, as a player has before any SWF runs.
 * 2. A stage in that context: mh_stage3d_new_on_host_context with the player's loader.
 * 3. Each frame: the content's calls (clear to transparent black, a red quad over the top
 *    half, present), then the player shows the stage with its own shader: its stage colour,
 *    then the Stage3D layer at its x, y, opaque as Flash Player shows it (the back buffer's
 *    alpha is ignored, nothing is blended; row 0 of the frame at the top), and tells Molehill
 *    it changed GL state.
 * 4. The player releases its context in the middle of a frame (a window hidden, a context
 *    switched): the next call is Error #3694 at once, with no GL call into the wrong context.
 * 5. With its context current again the player destroys the stage: no object of Molehill's is
 *    left in its context (counted with glIs* before and after).
 * Everything is freed: CI runs it under AddressSanitizer and LeakSanitizer.
 *
 * Build: cc -std=c99 -Wall -Wextra -pedantic -Werror -I capi/include capi/tests/c/host.c \
 *          target/debug/libmolehill_capi.a -lEGL -lGLESv2 -lpthread -ldl -lm -o host
 * (Debian: libegl-dev libgles-dev for the headers.) Exit status 0 when every check holds; 77
 * when no EGL context can be made (skipped). */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include "molehill.h"

#include "common.h"

/* The player's loader. eglGetProcAddress returns a function pointer, and ISO C has no cast
 * between function and object pointers (-pedantic rejects `(const void *)eglGetProcAddress(n)`),
 * so the pointer's bytes are copied into the `const void *` MhGlLoader returns. The two have
 * the same size on every platform EGL runs on (the typedef below fails to compile otherwise). */
typedef char function_pointer_fits_in_void_pointer[sizeof(void (*)(void)) == sizeof(void *) ? 1 : -1];

static const void *load_gl(void *loader_data, const char *name) {
  __eglMustCastToProperFunctionPointerType f = eglGetProcAddress(name);
  const void *p;
  (void)loader_data;
  memcpy(&p, &f, sizeof p);
  return p;
}

/* What the event callback saw. */
typedef struct {
  MhContext3D context;
  int creates;
  int errors;
} Events;

static void on_event(void *user_data, const MhEvent *event) {
  Events *ev = (Events *)user_data;
  if (event->kind == MH_EVENT_KIND_CONTEXT3D_CREATE) {
    ev->creates++;
    ev->context = event->context;
  } else if (event->kind == MH_EVENT_KIND_ERROR) {
    ev->errors++;
    fprintf(stderr, "ErrorEvent: %s\n", event->error->message);
  }
}

/* The player's compositing program: a quad over the layer's rectangle (the viewport) sampling
 * the Stage3D frame, whose row 0 is the top row of the picture (so the top samples t = 0).
 * Opaque: Flash Player ignores the back buffer's alpha and blends nothing. */
static const char *composite_vs =
    "#version 300 es\n"
    "layout(location = 0) in vec2 p;\n"
    "out vec2 uv;\n"
    "void main() { uv = vec2(p.x * 0.5 + 0.5, 0.5 - p.y * 0.5); gl_Position = vec4(p, 0.0, 1.0); }\n";
static const char *composite_fs =
    "#version 300 es\n"
    "precision mediump float;\n"
    "uniform sampler2D frame;\n"
    "in vec2 uv;\n"
    "out vec4 o;\n"
    "void main() { o = vec4(texture(frame, uv).rgb, 1.0); }\n";

static GLuint shader(GLenum kind, const char *source) {
  GLuint s = glCreateShader(kind);
  GLint compiled = 0;
  glShaderSource(s, 1, &source, NULL);
  glCompileShader(s);
  glGetShaderiv(s, GL_COMPILE_STATUS, &compiled);
  CHECK(compiled, "the player's shader compiles");
  return s;
}

/* The player's own objects: its target (a texture behind a framebuffer, standing for its
 * window), its compositing program and quad. */
typedef struct {
  GLuint target, fbo, program, vs, fs, vao, vbo;
} Player;

static void player_init(Player *p) {
  static const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
  GLint linked = 0;
  glGenTextures(1, &p->target);
  glBindTexture(GL_TEXTURE_2D, p->target);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 64, 64);
  glGenFramebuffers(1, &p->fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, p->fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, p->target, 0);
  p->vs = shader(GL_VERTEX_SHADER, composite_vs);
  p->fs = shader(GL_FRAGMENT_SHADER, composite_fs);
  p->program = glCreateProgram();
  glAttachShader(p->program, p->vs);
  glAttachShader(p->program, p->fs);
  glLinkProgram(p->program);
  glGetProgramiv(p->program, GL_LINK_STATUS, &linked);
  CHECK(linked, "the player's program links");
  glGenVertexArrays(1, &p->vao);
  glBindVertexArray(p->vao);
  glGenBuffers(1, &p->vbo);
  glBindBuffer(GL_ARRAY_BUFFER, p->vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (const void *)0);
  glViewport(0, 0, 64, 64);
}

static void player_free(Player *p) {
  glDeleteVertexArrays(1, &p->vao);
  glDeleteBuffers(1, &p->vbo);
  glDeleteProgram(p->program);
  glDeleteShader(p->vs);
  glDeleteShader(p->fs);
  glDeleteFramebuffers(1, &p->fbo);
  glDeleteTextures(1, &p->target);
}

/* The stage as the player shows it (molehill_context3d::stage's rule): the stage colour, then the
 * Stage3D layer (w x h) at its x, y (from the top), opaque, then (not drawn here) the display
 * list. Its own state is bound again each time. */
static void player_composite(Player *p, GLuint frame_texture, int x, int y, int w, int h) {
  glBindFramebuffer(GL_FRAMEBUFFER, p->fbo);
  glViewport(0, 0, 64, 64);
  glClearColor(0.25f, 0.25f, 0.25f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glViewport(x, 64 - (y + h), w, h); /* GL's rows are bottom-up */
  glUseProgram(p->program);
  glBindVertexArray(p->vao);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, frame_texture);
  glUniform1i(glGetUniformLocation(p->program, "frame"), 0);
  glDisable(GL_BLEND);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* The player's pixel at (x, y), y from the top, as 0xAARRGGBB. */
static unsigned player_pixel(Player *p, int x, int y) {
  unsigned char rgba[4] = {0, 0, 0, 0};
  glBindFramebuffer(GL_FRAMEBUFFER, p->fbo);
  glReadPixels(x, 63 - y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  return (unsigned)rgba[3] << 24 | (unsigned)rgba[0] << 16 | (unsigned)rgba[1] << 8 | rgba[2];
}

/* Within one level of `want`. */
static int near(unsigned channel, unsigned want) {
  return channel + 1 >= want && channel <= want + 1;
}

/* GL objects alive in the current context, every kind Molehill makes (names 1 to 2048). */
static int gl_objects(void) {
  GLuint n;
  int count = 0;
  for (n = 1; n <= 2048; n++) {
    count += glIsTexture(n) + glIsBuffer(n) + glIsFramebuffer(n) + glIsRenderbuffer(n) +
             glIsProgram(n) + glIsShader(n) + glIsVertexArray(n) + glIsSampler(n);
  }
  return count;
}

static const uint8_t fragment_agal[] = {
    /* mov oc, v0 */
    0xa0, 0x01, 0x00, 0x00, 0x00, 0xa1, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x03,
    0x00, 0x00, 0x00, 0xe4, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00};

/* The content's frame: transparent black, a red quad over the top half, present. */
static void content_frame(MhStage3D *stage, MhContext3D ctx, MhIndexBuffer3D ib) {
  MhError *err = NULL;
  MhStatus st;
  MUST(mh_context3d_clear(stage, ctx, 0, 0, 0, 0, 1, 0, 0xFFFFFFFFu, &err), "clear");
  MUST(mh_context3d_draw_triangles(stage, ctx, ib, 0, 2, &err), "drawTriangles");
  MUST(mh_context3d_present(stage, ctx, &err), "present");
}

int main(void) {
  EGLDisplay dpy;
  EGLConfig config;
  EGLContext egl_ctx;
  EGLint n = 0;
  /* No surface: EGL_SURFACE_TYPE 0 (its default asks for window surfaces). */
  static const EGLint config_attrs[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE,
                                        EGL_OPENGL_ES3_BIT, EGL_NONE};
  static const EGLint context_attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  /* x, y, r, g, b, a: a quad over the top half of clip space, in red. */
  static const double vertices[24] = {-1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
                                      1,  1, 1, 0, 0, 1, -1, 1, 1, 0, 0, 1};
  static const uint32_t indices[6] = {0, 1, 2, 0, 2, 3};
  Player player;
  Events ev;
  MhStage3D *stage = NULL;
  MhError *err = NULL;
  MhStatus st;
  MhContext3D ctx;
  MhVertexBuffer3D vb = {0};
  MhIndexBuffer3D ib = {0};
  MhProgram3D program = {0};
  MhFrameTexture frame;
  int objects_before, objects_during, objects_after, frame_no;
  unsigned top, bottom, stage_colour;

  /* 1. The player's context: EGL on Mesa's surfaceless platform, GL ES 3.0, no surface. */
  dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
    fprintf(stderr, "skipped: no EGL surfaceless display here (apt-get install libegl1 "
                    "libgl1-mesa-dri)\n");
    return 77;
  }
  if (!eglBindAPI(EGL_OPENGL_ES_API) || !eglChooseConfig(dpy, config_attrs, &config, 1, &n) ||
      n < 1 || (egl_ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attrs)) ==
                   EGL_NO_CONTEXT ||
      !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_ctx)) {
    fprintf(stderr, "skipped: no GL ES 3.0 context on the surfaceless display (0x%x)\n",
            (unsigned)eglGetError());
    return 77;
  }
  player_init(&player);
  objects_before = gl_objects();

  /* 2. A stage in the player's context; requestContext3D's context3DCreate comes through the
   * callback once the call returns. */
  memset(&ev, 0, sizeof ev);
  if (!MUST(mh_stage3d_new_on_host_context(MH_GL_API_ES30, load_gl, NULL, on_event, &ev, &stage,
                                           &err),
            "mh_stage3d_new_on_host_context"))
    return 1;
  MUST(mh_stage3d_request_context3d(stage, "auto", "baseline", &err), "requestContext3D");
  CHECK(ev.creates == 1 && ev.errors == 0, "%d creates, %d errors", ev.creates, ev.errors);
  ctx = ev.context;

  /* The content's set-up, as a SWF does in its context3DCreate handler. */
  MUST(mh_context3d_configure_back_buffer(stage, ctx, 32, 32, 0, false, false, false, &err),
       "configureBackBuffer");
  MUST(mh_context3d_create_vertex_buffer(stage, ctx, 4, 6, "staticDraw", &vb, &err),
       "createVertexBuffer");
  MUST(mh_vertex_buffer_upload_from_vector(stage, ctx, vb, vertices, 24, 0, 4, &err),
       "uploadFromVector");
  MUST(mh_context3d_create_index_buffer(stage, ctx, 6, "staticDraw", &ib, &err),
       "createIndexBuffer");
  MUST(mh_index_buffer_upload_from_vector(stage, ctx, ib, indices, 6, 0, 6, &err),
       "uploadFromVector");
  MUST(mh_context3d_create_program(stage, ctx, &program, &err), "createProgram");
  MUST(mh_program_upload(stage, ctx, program, little(vertex_agal, sizeof vertex_agal),
                       little(fragment_agal, sizeof fragment_agal), &err), "Program3D.upload");
  MUST(mh_context3d_set_program(stage, ctx, program, &err), "setProgram");
  MUST(mh_context3d_set_vertex_buffer_at(stage, ctx, 0, vb, 0, "float2", &err),
       "setVertexBufferAt(0)");
  MUST(mh_context3d_set_vertex_buffer_at(stage, ctx, 1, vb, 2, "float4", &err),
       "setVertexBufferAt(1)");

  /* 3. Frames: the content draws, then the player composites the frame texture. */
  for (frame_no = 1; frame_no <= 3; frame_no++) {
    content_frame(stage, ctx, ib);
    memset(&frame, 0, sizeof frame);
    MUST(mh_context3d_frame_texture(stage, ctx, &frame, &err), "frame texture");
    CHECK(frame.texture != 0 && frame.width == 32 && frame.height == 32 &&
              frame.sequence == (uint64_t)frame_no,
          "frame %d: texture %u, %ux%u, sequence %llu", frame_no, frame.texture, frame.width,
          frame.height, (unsigned long long)frame.sequence);
    /* The layer at x = 16, y = 16 of the 64 x 64 stage. */
    player_composite(&player, frame.texture, 16, 16, 32, 32);
    top = player_pixel(&player, 32, 20);
    bottom = player_pixel(&player, 32, 44);
    stage_colour = player_pixel(&player, 4, 4);
    CHECK(top == 0xFFFF0000u, "frame %d: the Stage3D quad at the top: %08x", frame_no, top);
    CHECK(bottom == 0xFF000000u,
          "frame %d: the layer's transparent black shown opaque, as in Flash: %08x", frame_no,
          bottom);
    CHECK(stage_colour >> 24 == 0xFF && near(stage_colour >> 16 & 0xFF, 0x40) &&
              near(stage_colour >> 8 & 0xFF, 0x40) && near(stage_colour & 0xFF, 0x40),
          "frame %d: the stage colour outside the layer: %08x", frame_no, stage_colour);
    CHECK(glGetError() == GL_NO_ERROR, "frame %d: the player's GL is clean", frame_no);
    /* The player bound its own objects and changed blend and viewport: Molehill re-reads. */
    MUST(mh_context3d_host_state_changed(stage, ctx, &err), "host_state_changed");
  }
  objects_during = gl_objects();
  CHECK(objects_during > objects_before, "Molehill's objects live in the player's context");

  /* 4. The player releases its context in the middle of a frame: the next call fails at once
   * with #3694 (the context counts as lost; content recreates on context3DCreate). */
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  err = NULL;
  st = mh_context3d_clear(stage, ctx, 1, 0, 0, 1, 1, 0, 0xFFFFFFFFu, &err);
  CHECK(st == MH_STATUS_FLASH_ERROR && err != NULL && err->id == 3694,
        "clear with the player's context not current: status %d, #%u", (int)st,
        err != NULL ? err->id : 0);
  mh_error_free(err);
  err = NULL;
  st = mh_context3d_present(stage, ctx, &err);
  CHECK(st == MH_STATUS_FLASH_ERROR && err != NULL && err->id == 3694, "present: %d", (int)st);
  mh_error_free(err);

  /* 5. The player's context current again: destroying the stage deletes every object
   * Molehill made there, those of the lost context included. */
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_ctx);
  mh_stage3d_destroy(stage);
  objects_after = gl_objects();
  CHECK(objects_after == objects_before, "objects in the player's context: %d before, %d with "
        "the stage, %d after destroy", objects_before, objects_during, objects_after);
  CHECK(glGetError() == GL_NO_ERROR, "the player's GL is clean at the end");

  player_free(&player);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, egl_ctx);
  /* No eglTerminate: Mesa 22's leaks a 128-byte block when it unloads its driver (seen with a
   * plain EGL program, no Molehill in it), which LeakSanitizer reports; the display goes with
   * the process. */
  eglReleaseThread();
  if (failures > 0) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("player context: 3 frames composited, #3694 at once, %d objects before and after "
         "destroy (%d with the stage)\n",
         objects_before, objects_during);
  return 0;
}

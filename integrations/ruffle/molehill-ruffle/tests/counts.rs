//! The process's counts of Stage3D calls, draws and frames (`call_counts`, `frame_counts`),
//! in a test binary of their own: the counters are the process's, so no other test may run
//! beside this one.

use molehill_context3d::{Backend, RecordingBackend};
use molehill_ruffle::{call_counts, frame_counts, present, CallTimer, Stage3DHost};

#[test]
fn calls_and_draws_are_counted_up_to_each_present() {
    let factory =
        || -> Result<Box<dyn Backend>, molehill_ruffle::molehill_player::BackendCreationError> {
            Ok(Box::new(RecordingBackend::default()))
        };
    let mut host = Stage3DHost::with_factory(Box::new(factory), 30);
    assert_eq!(call_counts(), (0, 0));
    host.stage().request_context3d("auto", "baseline").unwrap();
    assert_eq!(call_counts(), (1, 0), "the request");
    let id = host.current().unwrap();
    let ctx = host.context(id).unwrap();
    ctx.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    let ib = ctx.create_index_buffer(3, "staticDraw").unwrap();
    ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    CallTimer::start().record_call(); // the clear, as Ruffle's natives record each call
    for _ in 0..3 {
        // No program: dropped with error checking off, but counted, as Flash counts it.
        ctx.draw_triangles(ib, 0, -1).unwrap();
        CallTimer::start().record_call();
    }
    present(ctx).unwrap();
    assert_eq!(call_counts(), (6, 3));
    assert_eq!(frame_counts().0, 1);
    // The next frame starts from none: a present with no draw adds a call, no draw.
    let ctx = host.context(id).unwrap();
    present(ctx).unwrap();
    assert_eq!(call_counts(), (7, 3));
    assert_eq!(frame_counts().0, 2);
}

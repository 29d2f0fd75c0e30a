//! Draws kept until the next call that enters GL ([`crate::GlBackend`] with error checking
//! off, Flash's default).
//!
//! Flash's `drawTriangles` is asynchronous unless `enableErrorChecking` is on: its errors are
//! not reported, and the draw reaches the driver whenever the runtime next submits. The
//! backend does the same: a draw whose checks context3d has passed is copied here with its
//! render-state and constant changes and costs no entry (no current-context check, no host
//! state capture and restore). The next call that enters GL for any other reason (an upload,
//! a clear, a render-target change, `present`, a read, a resource's dispose) runs every kept
//! draw first, in order, inside its own entry; so does a draw that finds the queue full.
//! Disposing the context or losing it drops them. Every call that
//! could observe or change what a kept draw reads enters GL, so the order GL sees is the order
//! of the calls. With error checking on, every draw enters GL at once and reports its errors.

use molehill_agal::ProgramKind;
use molehill_context3d::{BackendError, DrawChanges, RenderChanges, ResolvedDraw};

use crate::context::Current;
use crate::device::Device;

/// Most draws kept: the draw that finds this many enters GL and runs them first.
pub const MAX_QUEUED_DRAWS: usize = 256;

/// A kept command, in call order.
#[derive(Debug, Clone, Copy)]
enum Command {
    /// The next of [`DrawQueue::draws`], its render-state changes and, per stage (vertex,
    /// fragment), its constant changes: the first register and the range of their values in
    /// [`DrawQueue::constants`].
    Draw {
        render: RenderChanges,
        constants: [Option<(u16, u32, u32)>; 2],
    },
    /// A `set_*` call made between kept draws (a caller of the `Backend` trait that does not
    /// send its state with the draw).
    Render(RenderChanges),
    /// A `set_program_constants` call made between kept draws: stage, first register, range.
    Constants(ProgramKind, u16, u32, u32),
}

/// The kept commands, in call order.
#[derive(Debug, Default)]
pub(crate) struct DrawQueue {
    commands: Vec<Command>,
    /// The draws of the `Draw` commands, in order (apart: copied straight into place, and
    /// the commands stay small).
    draws: Vec<ResolvedDraw>,
    /// The constant registers of every kept command, back to back.
    constants: Vec<[f32; 4]>,
    /// Draws kept so far (run or dropped), for tests and benchmarks.
    kept: u64,
}

impl DrawQueue {
    pub(crate) fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    pub(crate) fn is_full(&self) -> bool {
        self.draws.len() >= MAX_QUEUED_DRAWS
    }

    /// Kept draws.
    pub(crate) fn len(&self) -> usize {
        self.draws.len()
    }

    pub(crate) fn kept(&self) -> u64 {
        self.kept
    }

    /// Copies `values` to the end of the kept constants; their range there.
    fn keep_constants(&mut self, values: &[[f32; 4]]) -> (u32, u32) {
        let start = self.constants.len() as u32;
        self.constants.extend_from_slice(values);
        (start, self.constants.len() as u32)
    }

    /// Keeps a copy of `draw` and of `changes` (the constant values are copied: context3d's
    /// register file changes before the draw runs).
    pub(crate) fn push(&mut self, draw: &ResolvedDraw, changes: &DrawChanges<'_>) {
        let mut constants = [None; 2];
        for (slot, change) in constants
            .iter_mut()
            .zip([changes.vertex_constants, changes.fragment_constants])
        {
            if let Some((first, values)) = change {
                let (start, end) = self.keep_constants(values);
                *slot = Some((first, start, end));
            }
        }
        // One copy, into place (a push would build the value first).
        self.draws.extend_from_slice(std::slice::from_ref(draw));
        self.commands.push(Command::Draw {
            render: changes.render,
            constants,
        });
        self.kept += 1;
    }

    /// Keeps a render-state change made between kept draws.
    pub(crate) fn push_render(&mut self, render: RenderChanges) {
        self.commands.push(Command::Render(render));
    }

    /// Keeps a constant change made between kept draws.
    pub(crate) fn push_constants(&mut self, kind: ProgramKind, first: u16, values: &[[f32; 4]]) {
        let (start, end) = self.keep_constants(values);
        self.commands
            .push(Command::Constants(kind, first, start, end));
    }

    /// Runs every kept command on `device` (entered: `current`), in order, and empties the
    /// queue. With
    /// error checking off a draw fails only for a lost context (the rest are dropped with it)
    /// or for want of memory (logged, as Flash drops an asynchronous draw's error).
    pub(crate) fn run(&mut self, device: &mut Device, current: Current) {
        let constants = &self.constants;
        let range = |start: u32, end: u32| &constants[start as usize..end as usize];
        let stage = |r: Option<(u16, u32, u32)>| r.map(|(first, s, e)| (first, range(s, e)));
        let mut draws = self.draws.iter();
        for command in &self.commands {
            match *command {
                Command::Draw { render, constants } => {
                    let Some(draw) = draws.next() else {
                        break;
                    };
                    let changes = DrawChanges {
                        render,
                        vertex_constants: stage(constants[0]),
                        fragment_constants: stage(constants[1]),
                    };
                    match device.draw_with_changes(current, draw, &changes) {
                        Ok(()) => {}
                        Err(BackendError::ContextLost) => break,
                        Err(e) => log::error!("a kept draw failed: {e}"),
                    }
                }
                Command::Render(render) => device.set_render_changes(&render),
                Command::Constants(kind, first, start, end) => {
                    device.set_program_constants(kind, first, range(start, end));
                }
            }
        }
        self.clear();
    }

    /// Drops every kept command (the context is disposed or lost).
    pub(crate) fn clear(&mut self) {
        self.commands.clear();
        self.draws.clear();
        self.constants.clear();
    }
}

//! The stages a bench draws through: a [`Stage3D`] whose context runs on a new headless
//! backend, with that backend kept to read its counters.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_context3d::Backend;
use molehill_gl::{ContextOptions, CurrentCheck, GlBackend};
use molehill_player::{BackendCreationError, Stage3D};
use molehill_wgpu::{DeviceOptions, WgpuBackend};

/// A stage whose context runs on a new headless [`GlBackend`] checking its context's currency
/// as `check` says, and that backend.
pub fn gl_stage(check: CurrentCheck) -> Result<(Stage3D, Rc<RefCell<GlBackend>>), String> {
    let gl: Rc<RefCell<Option<Rc<RefCell<GlBackend>>>>> = Rc::default();
    let slot = gl.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let mut made = GlBackend::headless(&ContextOptions::default())?;
        made.set_current_check(check);
        let backend = Rc::new(RefCell::new(made));
        *slot.borrow_mut() = Some(backend.clone());
        Ok(Box::new(backend))
    };
    let mut stage = Stage3D::new(Box::new(factory));
    stage
        .request_context3d("auto", "standard")
        .map_err(|e| e.to_string())?;
    let backend = gl
        .borrow()
        .clone()
        .ok_or("no headless GL context could be made (see the log)")?;
    Ok((stage, backend))
}

/// A stage whose context runs on a new headless [`WgpuBackend`] made with `options`, and that
/// backend.
pub fn wgpu_stage(options: DeviceOptions) -> Result<(Stage3D, Rc<RefCell<WgpuBackend>>), String> {
    let made: Rc<RefCell<Option<Rc<RefCell<WgpuBackend>>>>> = Rc::default();
    let slot = made.clone();
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let backend = Rc::new(RefCell::new(WgpuBackend::headless(&options)?));
        *slot.borrow_mut() = Some(backend.clone());
        Ok(Box::new(backend))
    };
    let mut stage = Stage3D::new(Box::new(factory));
    stage
        .request_context3d("auto", "standard")
        .map_err(|e| e.to_string())?;
    let backend = made.borrow().clone().ok_or(format!(
        "no headless {:?} wgpu backend could be made (see the log)",
        options.api
    ))?;
    Ok((stage, backend))
}

//! Helpers shared by the test modules.

use std::cell::{Cell, RefCell};

use molehill_agal::flash::FlashError;
use molehill_player::{Stage3DEvents, TextureBase};

/// The events a stage sends, kept: contexts created, textures ready, errors.
#[derive(Default)]
pub struct Events {
    pub created: Cell<u32>,
    pub ready: RefCell<Vec<TextureBase>>,
    pub errors: RefCell<Vec<FlashError>>,
}

impl Stage3DEvents for Events {
    fn context3d_create(&self) {
        self.created.set(self.created.get() + 1);
    }
    fn texture_ready(&self, texture: TextureBase) {
        self.ready.borrow_mut().push(texture);
    }
    fn error(&self, error: &FlashError) {
        self.errors.borrow_mut().push(error.clone());
    }
}

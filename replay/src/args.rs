//! A trace call's arguments as the AS3-facing API takes them, in two steps so that the replay
//! of every call is one line of [`super::exec`]'s table:
//!
//! 1. [`Prepare`] (chosen by the trace field's type): a name is looked up, data files are read
//!    and AGAL is assembled; what borrows from the trace stays borrowed.
//! 2. [`Arg`] (chosen by the parameter's type): the prepared value as that parameter, e.g. a
//!    resolved name as a `VertexBuffer3D`, loaded bytes as a `ByteArray`.

use std::collections::HashMap;

use molehill_player::as3::{BitmapData, ByteArray};
use molehill_player::record::Handle;
use molehill_player::{IndexBuffer3D, Program3D, TextureBase, VertexBuffer3D};
use molehill_trace::{BitmapArg, ByteArrayArg, Name, Rect};

use super::data::{bitmap, byte_array, Bitmap, Bytes, Folder};
use super::outcome::FailureKind;

/// What preparing an argument may look at: the names bound so far and the trace's folder.
#[derive(Debug, Clone, Copy)]
pub(super) struct Env<'e> {
    pub names: &'e HashMap<Name, Option<Handle>>,
    pub base: Folder<'e>,
}

/// Step 1: a trace field made ready to pass.
pub(super) trait Prepare<'a> {
    /// The field, ready.
    type Ready;
    /// Looks names up, reads files, assembles AGAL.
    fn prepare(&'a self, env: Env<'_>) -> Result<Self::Ready, FailureKind>;
}

/// Step 2: a prepared value as a parameter of type `T`.
pub(super) trait Arg<'b, T> {
    /// The value as `T`.
    fn arg(&'b self) -> Result<T, FailureKind>;
}

/// A name that holds a resource: the name (for errors) and its handle.
#[derive(Debug, Clone, Copy)]
pub(super) struct Resolved<'a> {
    name: &'a Name,
    handle: Handle,
}

impl Resolved<'_> {
    /// The resource.
    pub fn handle(&self) -> Handle {
        self.handle
    }
}

macro_rules! as_is {
    ($($ty:ty),*) => {$(
        impl<'a> Prepare<'a> for $ty {
            type Ready = $ty;
            fn prepare(&'a self, _: Env<'_>) -> Result<$ty, FailureKind> {
                Ok(*self)
            }
        }
        impl<'b> Arg<'b, $ty> for $ty {
            fn arg(&'b self) -> Result<$ty, FailureKind> {
                Ok(*self)
            }
        }
    )*};
}
as_is!(i32, u32, f64, bool);

macro_rules! borrowed {
    ($($owned:ty => $borrowed:ty),*) => {$(
        impl<'a> Prepare<'a> for $owned {
            type Ready = &'a $borrowed;
            fn prepare(&'a self, _: Env<'_>) -> Result<&'a $borrowed, FailureKind> {
                Ok(self)
            }
        }
        impl<'b, 'a> Arg<'b, &'a $borrowed> for &'a $borrowed {
            fn arg(&'b self) -> Result<&'a $borrowed, FailureKind> {
                Ok(*self)
            }
        }
    )*};
}
borrowed!(String => str, Vec<f64> => [f64], Vec<u32> => [u32], [f64; 16] => [f64; 16]);

impl<'a> Prepare<'a> for Name {
    type Ready = Resolved<'a>;
    fn prepare(&'a self, env: Env<'_>) -> Result<Resolved<'a>, FailureKind> {
        match env.names.get(self) {
            Some(Some(handle)) => Ok(Resolved {
                name: self,
                handle: *handle,
            }),
            _ => Err(FailureKind::NullResource(self.clone())),
        }
    }
}

impl<'a> Prepare<'a> for Option<Name> {
    type Ready = Option<Resolved<'a>>;
    fn prepare(&'a self, env: Env<'_>) -> Result<Option<Resolved<'a>>, FailureKind> {
        self.as_ref().map(|n| n.prepare(env)).transpose()
    }
}

macro_rules! handle_arg {
    ($($variant:ident($ty:ty)),*) => {$(
        impl<'b> Arg<'b, $ty> for Resolved<'_> {
            fn arg(&'b self) -> Result<$ty, FailureKind> {
                match self.handle {
                    Handle::$variant(h) => Ok(h),
                    // The parser types names; a hand-built trace may not.
                    _ => Err(FailureKind::NullResource(self.name.clone())),
                }
            }
        }
        impl<'b> Arg<'b, Option<$ty>> for Option<Resolved<'_>> {
            fn arg(&'b self) -> Result<Option<$ty>, FailureKind> {
                self.as_ref().map(|r| r.arg()).transpose()
            }
        }
    )*};
}
handle_arg!(
    VertexBuffer(VertexBuffer3D),
    IndexBuffer(IndexBuffer3D),
    Program(Program3D),
    Texture(TextureBase)
);

impl<'a> Prepare<'a> for Option<Rect> {
    type Ready = Option<molehill_context3d::Rect>;
    fn prepare(&'a self, _: Env<'_>) -> Result<Option<molehill_context3d::Rect>, FailureKind> {
        Ok(self.map(|r| molehill_context3d::Rect {
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
        }))
    }
}

impl<'b> Arg<'b, Option<molehill_context3d::Rect>> for Option<molehill_context3d::Rect> {
    fn arg(&'b self) -> Result<Option<molehill_context3d::Rect>, FailureKind> {
        Ok(*self)
    }
}

impl<'a> Prepare<'a> for ByteArrayArg {
    type Ready = Bytes<'a>;
    fn prepare(&'a self, env: Env<'_>) -> Result<Bytes<'a>, FailureKind> {
        byte_array(self, env.base)
    }
}

impl<'b> Arg<'b, ByteArray<'b>> for Bytes<'_> {
    fn arg(&'b self) -> Result<ByteArray<'b>, FailureKind> {
        Ok(self.as_byte_array())
    }
}

impl<'a> Prepare<'a> for BitmapArg {
    type Ready = Bitmap;
    fn prepare(&'a self, env: Env<'_>) -> Result<Bitmap, FailureKind> {
        bitmap(self, env.base)
    }
}

impl<'b> Arg<'b, BitmapData<'b>> for Bitmap {
    fn arg(&'b self) -> Result<BitmapData<'b>, FailureKind> {
        Ok(self.as_bitmap_data())
    }
}

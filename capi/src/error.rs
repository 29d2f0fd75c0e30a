//! Statuses and errors: what every function answers, and the error value a caller frees.

use std::ffi::{c_char, CStr, CString};

use molehill_agal::flash::{ErrorClass, FlashError};

/// What a call answers. `MH_STATUS_OK` is 0; anything else is a failure, described by the
/// `MhError` the call hands out when given somewhere to put it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhStatus {
    /// The call succeeded.
    Ok = 0,
    /// Flash Player would throw: the `MhError` holds the class, ID and exact message, for the
    /// VM to throw as an AS3 exception.
    FlashError = 1,
    /// A required pointer argument was null.
    NullPointer = 2,
    /// An argument no AS3 call can produce: a length that does not fit its buffer, a handle this
    /// stage never gave out (or of another kind), a value outside a C enum.
    InvalidArgument = 3,
    /// The stage has no `context3D` (AS3 would throw TypeError #1009 on the null reference).
    NoContext = 4,
    /// The stage was called from a thread other than the one that made it.
    WrongThread = 5,
    /// A bug in Molehill: a panic was caught at the boundary. The message says where; the stage
    /// may be inconsistent and should be destroyed.
    Internal = 6,
}

/// The ActionScript class of a Flash error.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MhErrorClass {
    /// Not a Flash error (the status is not `MH_STATUS_FLASH_ERROR`).
    None = 0,
    /// `Error`.
    Error = 1,
    /// `ArgumentError`.
    ArgumentError = 2,
    /// `RangeError`.
    RangeError = 3,
    /// `TypeError`.
    TypeError = 4,
}

/// A failed call's description, owned by the library: free it with `mh_error_free` (once).
/// Every string is NUL-terminated UTF-8 and lives as long as the `MhError`.
#[repr(C)]
#[derive(Debug)]
pub struct MhError {
    /// The call's status (never `MH_STATUS_OK`).
    pub status: MhStatus,
    /// The AS3 class to throw; `MH_ERROR_CLASS_NONE` when this is not a Flash error.
    pub error_class: MhErrorClass,
    /// `errorID` (3694 for "Error #3694: The object was disposed..."); 0 when not a Flash error.
    pub id: u32,
    /// The class name as AS3 prints it (`"ArgumentError"`); `""` when not a Flash error.
    pub class_name: *const c_char,
    /// Flash's exact `message` (`"Error #3694: ..."`), or what went wrong at the C boundary.
    pub message: *const c_char,
}

/// Frees an error handed out by any call. Null is ignored.
///
/// # Safety
///
/// `error` is null or a pointer a call of this library handed out and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn mh_error_free(error: *mut MhError) {
    if error.is_null() {
        return;
    }
    // SAFETY: by the contract above, `error` came from `Box::into_raw` in `Fail::into_raw` and
    // is freed once.
    let error = unsafe { Box::from_raw(error) };
    if !error.message.is_null() {
        // SAFETY: `message` came from `CString::into_raw` in `Fail::into_raw`, freed only here.
        drop(unsafe { CString::from_raw(error.message.cast_mut()) });
    }
}

/// Why a call failed, before it becomes an `MhError`.
#[derive(Debug)]
pub(crate) enum Fail {
    Flash(FlashError),
    Other(MhStatus, String),
}

impl From<FlashError> for Fail {
    fn from(e: FlashError) -> Fail {
        Fail::Flash(e)
    }
}

impl Fail {
    pub(crate) fn null(what: &str) -> Fail {
        Fail::Other(MhStatus::NullPointer, format!("{what} is a null pointer"))
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Fail {
        Fail::Other(MhStatus::InvalidArgument, message.into())
    }

    pub(crate) fn status(&self) -> MhStatus {
        match self {
            Fail::Flash(_) => MhStatus::FlashError,
            Fail::Other(s, _) => *s,
        }
    }

    /// The `MhError` for this failure, on the heap for the caller to free.
    pub(crate) fn into_raw(self) -> *mut MhError {
        let status = self.status();
        let (class, id, message) = match self {
            Fail::Flash(e) => (Some(e.class), e.id, e.message),
            Fail::Other(_, m) => (None, 0, m),
        };
        let (error_class, class_name): (MhErrorClass, &'static CStr) = match class {
            None => (MhErrorClass::None, c""),
            Some(ErrorClass::Error) => (MhErrorClass::Error, c"Error"),
            Some(ErrorClass::ArgumentError) => (MhErrorClass::ArgumentError, c"ArgumentError"),
            Some(ErrorClass::RangeError) => (MhErrorClass::RangeError, c"RangeError"),
            Some(ErrorClass::TypeError) => (MhErrorClass::TypeError, c"TypeError"),
        };
        let message = c_string(message);
        Box::into_raw(Box::new(MhError {
            status,
            error_class,
            id,
            class_name: class_name.as_ptr(),
            message: message.into_raw(),
        }))
    }
}

/// `s` as a C string; an interior NUL (never in Flash's messages) is written `\0`.
pub(crate) fn c_string(s: String) -> CString {
    CString::new(s).unwrap_or_else(|e| {
        let text = String::from_utf8_lossy(&e.into_vec()).replace('\0', "\\0");
        CString::new(text).unwrap_or_default()
    })
}

/// Frees a string handed out by a call (`mh_context3d_driver_info`, `mh_context3d_profile`).
/// Null is ignored.
///
/// # Safety
///
/// `string` is null or a string a call of this library handed out and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn mh_string_free(string: *mut c_char) {
    if !string.is_null() {
        // SAFETY: by the contract above, `string` came from `CString::into_raw`, freed once.
        drop(unsafe { CString::from_raw(string) });
    }
}

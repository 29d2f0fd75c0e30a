//! The boundary's mechanics: catching panics, handing out errors, and turning raw pointers into
//! references after checking them. Every raw pointer access of the crate is here or names its
//! contract where it happens.

use std::borrow::Cow;
use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{Fail, MhError, MhStatus};

/// Runs `f`, catching a panic, and answers its status; on failure the error goes to `*error`
/// when `error` is not null (null on success).
///
/// # Safety
///
/// `error` is null or valid for writing one pointer.
pub(crate) unsafe fn guard(
    error: *mut *mut MhError,
    f: impl FnOnce() -> Result<(), Fail>,
) -> MhStatus {
    let result = catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with no message".to_string());
        Err(Fail::Other(
            MhStatus::Internal,
            format!(
                "internal error: Molehill panicked ({what}); this is a bug in Molehill, and the \
                 stage may be inconsistent: destroy it"
            ),
        ))
    });
    let (status, out) = match result {
        Ok(()) => (MhStatus::Ok, std::ptr::null_mut()),
        Err(fail) => (fail.status(), fail.into_raw()),
    };
    if error.is_null() {
        // The caller wants no details: free them now.
        // SAFETY: `out` is null or was just made by `Fail::into_raw`, freed once here.
        unsafe { crate::error::mh_error_free(out) };
    } else {
        // SAFETY: `error` is not null and, by this function's contract, valid for a write.
        unsafe { error.write(out) };
    }
    status
}

/// The `len` elements at `ptr` (`what` names the argument in errors). A null `ptr` is an empty
/// slice when `len` is 0 and an error otherwise; so is a length whose bytes overflow.
///
/// # Safety
///
/// When `len` is not 0 and `ptr` is not null, `ptr` points at `len` initialised elements that
/// nothing writes while the returned slice lives.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize, what: &str) -> Result<&'a [T], Fail> {
    check_buffer(ptr, len, what)?;
    if len == 0 {
        return Ok(&[]);
    }
    // SAFETY: `ptr` is non-null and aligned (checked above), `len * size_of::<T>()` fits in
    // `isize`, and the caller promises `len` initialised elements not written meanwhile.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// As [`slice`], mutable.
///
/// # Safety
///
/// When `len` is not 0 and `ptr` is not null, `ptr` points at `len` initialised elements that
/// nothing else reads or writes while the returned slice lives.
pub(crate) unsafe fn slice_mut<'a, T>(
    ptr: *mut T,
    len: usize,
    what: &str,
) -> Result<&'a mut [T], Fail> {
    check_buffer(ptr, len, what)?;
    if len == 0 {
        return Ok(&mut []);
    }
    // SAFETY: as in `slice`, and the caller promises exclusive access for the slice's life.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

fn check_buffer<T>(ptr: *const T, len: usize, what: &str) -> Result<(), Fail> {
    if len == 0 {
        return Ok(());
    }
    if ptr.is_null() {
        return Err(Fail::null(&format!("{what} (with a length of {len})")));
    }
    if len
        .checked_mul(std::mem::size_of::<T>().max(1))
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(Fail::invalid(format!(
            "{what}: a length of {len} elements is larger than any buffer"
        )));
    }
    if ptr.align_offset(std::mem::align_of::<T>()) != 0 {
        return Err(Fail::invalid(format!(
            "{what} is not aligned to {} bytes",
            std::mem::align_of::<T>()
        )));
    }
    Ok(())
}

/// The NUL-terminated string at `ptr` (an AS3 string as the VM passes it), invalid UTF-8
/// replaced (such a string is no enum value, so Flash's own error follows).
///
/// # Safety
///
/// `ptr` is null or points at a NUL-terminated string not written while the result lives.
pub(crate) unsafe fn string<'a>(ptr: *const c_char, what: &str) -> Result<Cow<'a, str>, Fail> {
    if ptr.is_null() {
        return Err(Fail::null(what));
    }
    // SAFETY: `ptr` is non-null and, by the caller's contract, NUL-terminated and unchanged.
    Ok(unsafe { CStr::from_ptr(ptr) }.to_string_lossy())
}

/// Writes `value` to the caller's `out`.
///
/// # Safety
///
/// `out` is null or valid for writing one `T`.
pub(crate) unsafe fn write<T>(out: *mut T, value: T, what: &str) -> Result<(), Fail> {
    if out.is_null() {
        return Err(Fail::null(what));
    }
    if out.align_offset(std::mem::align_of::<T>()) != 0 {
        return Err(Fail::invalid(format!("{what} is misaligned")));
    }
    // SAFETY: `out` is non-null and aligned, and by the caller's contract valid for a write.
    unsafe { out.write(value) };
    Ok(())
}

/// Reads the caller's `*ptr`; `None` when `ptr` is null (an AS3 `null` argument).
///
/// # Safety
///
/// `ptr` is null or valid for reading one initialised `T`.
pub(crate) unsafe fn read_opt<T: Copy>(ptr: *const T, what: &str) -> Result<Option<T>, Fail> {
    if ptr.is_null() {
        return Ok(None);
    }
    if ptr.align_offset(std::mem::align_of::<T>()) != 0 {
        return Err(Fail::invalid(format!("{what} is misaligned")));
    }
    // SAFETY: `ptr` is non-null and aligned, and by the caller's contract readable.
    Ok(Some(unsafe { ptr.read() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic inside a call is caught: `MH_STATUS_INTERNAL`, with a message that says so.
    #[test]
    fn a_panic_becomes_an_internal_error() {
        let mut error: *mut MhError = std::ptr::null_mut();
        // SAFETY: `error` is a valid place for one pointer.
        let status = unsafe { guard(&mut error, || panic!("boom at the boundary")) };
        assert_eq!(status, MhStatus::Internal);
        // SAFETY: the failing call handed out a valid error.
        let message = unsafe { CStr::from_ptr((*error).message) }.to_string_lossy();
        assert!(message.contains("internal error: Molehill panicked (boom at the boundary)"));
        // SAFETY: freed once.
        unsafe { crate::error::mh_error_free(error) };
        // Without an error pointer: the status alone, nothing leaked.
        // SAFETY: null is allowed.
        let status = unsafe { guard(std::ptr::null_mut(), || panic!("again")) };
        assert_eq!(status, MhStatus::Internal);
    }

    #[test]
    fn buffers_are_checked() {
        let data = [1.0f64, 2.0];
        // SAFETY: `data` holds 2 numbers.
        assert_eq!(unsafe { slice(data.as_ptr(), 2, "data") }.unwrap(), &data);
        // SAFETY: a null pointer with length 0 is never read.
        assert!(unsafe { slice::<f64>(std::ptr::null(), 0, "data") }
            .unwrap()
            .is_empty());
        // SAFETY: refused before any read.
        let e = unsafe { slice::<f64>(std::ptr::null(), 3, "data") }.unwrap_err();
        assert_eq!(e.status(), MhStatus::NullPointer);
        // SAFETY: refused before any read (the length overflows).
        let e = unsafe { slice(data.as_ptr(), usize::MAX / 4, "data") }.unwrap_err();
        assert_eq!(e.status(), MhStatus::InvalidArgument);
        // SAFETY: refused before any read (misaligned).
        let e = unsafe {
            slice(
                data.as_ptr().cast::<u8>().wrapping_add(1).cast::<f64>(),
                1,
                "data",
            )
        }
        .unwrap_err();
        assert_eq!(e.status(), MhStatus::InvalidArgument);
    }
}

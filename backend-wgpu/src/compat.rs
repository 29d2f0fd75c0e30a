//! Where the two wgpu majors molehill-wgpu builds against differ: wgpu 30 (the default) and
//! wgpu 27 (the feature `wgpu27`, for a host on wgpu 27 such as Ruffle: docs/wgpu.md, "The wgpu
//! major"). Each difference is one item here, written for both, so the rest of the crate says
//! `wgpu::` once. The bottom of the crate: it imports nothing of Molehill.
//!
//! Three differences are not here: a render pass's `multiview_mask` (27 has no field: a `cfg`
//! field in `device/pass.rs` and `device/packed.rs`), a pipeline's `multiview_mask` (27:
//! `multiview`, a `cfg` field in `device/pipeline.rs` and `device/packed.rs`), and `Device::adapter_info` (27 has none: the backend is read from the
//! adapter once, `Caps::msaa_copy`).

#[cfg(feature = "wgpu27")]
use std::future::Future;

#[cfg(feature = "wgpu27")]
pub(crate) use wgpu::FilterMode as MipmapFilterMode;
/// The sampler's mip filter: `MipmapFilterMode` in 30, `FilterMode` in 27.
#[cfg(not(feature = "wgpu27"))]
pub(crate) use wgpu::MipmapFilterMode;

/// An error scope pushed on a device: in 30 `push_error_scope` gives a guard that pops it, in
/// 27 the device pops its innermost scope (`Device::pop_error_scope`). Molehill pops its scopes
/// innermost first, which is what both do.
#[cfg(not(feature = "wgpu27"))]
pub(crate) use wgpu::ErrorScopeGuard;

/// wgpu 27's stand-in for wgpu 30's `ErrorScopeGuard`: the device whose innermost scope
/// [`ErrorScopeGuard::pop`] pops.
#[cfg(feature = "wgpu27")]
#[derive(Debug)]
#[must_use = "pop the scope"]
pub(crate) struct ErrorScopeGuard(wgpu::Device);

#[cfg(feature = "wgpu27")]
impl ErrorScopeGuard {
    /// Pops the scope: the first error it caught.
    pub(crate) fn pop(self) -> impl Future<Output = Option<wgpu::Error>> {
        self.0.pop_error_scope()
    }
}

/// Pushes an error scope of `filter` on `device`.
pub(crate) fn push_error_scope(
    device: &wgpu::Device,
    filter: wgpu::ErrorFilter,
) -> ErrorScopeGuard {
    #[cfg(not(feature = "wgpu27"))]
    return device.push_error_scope(filter);
    #[cfg(feature = "wgpu27")]
    {
        device.push_error_scope(filter);
        ErrorScopeGuard(device.clone())
    }
}

/// The default instance options without a display: 30's `new_without_display_handle`, 27's
/// `Default`.
pub(crate) fn instance_descriptor() -> wgpu::InstanceDescriptor {
    #[cfg(not(feature = "wgpu27"))]
    return wgpu::InstanceDescriptor::new_without_display_handle();
    #[cfg(feature = "wgpu27")]
    return wgpu::InstanceDescriptor::default();
}

/// An instance of `desc`: 30 takes the descriptor, 27 a reference to it.
pub(crate) fn instance(desc: wgpu::InstanceDescriptor) -> wgpu::Instance {
    #[cfg(not(feature = "wgpu27"))]
    return wgpu::Instance::new(desc);
    #[cfg(feature = "wgpu27")]
    return wgpu::Instance::new(&desc);
}

/// A high-performance, not-fallback adapter for `surface`: 30 adds `apply_limit_buckets`
/// (off: the adapter's own limits).
pub(crate) fn adapter_options<'a, 'b>(
    surface: Option<&'a wgpu::Surface<'b>>,
) -> wgpu::RequestAdapterOptions<'a, 'b> {
    wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        force_fallback_adapter: false,
        compatible_surface: surface,
        #[cfg(not(feature = "wgpu27"))]
        apply_limit_buckets: false,
    }
}

/// Whether a pipeline layout may leave a bind group slot empty (`None`): 30 may, 27 needs a
/// layout in every slot (and a group set there), so on 27 a program that samples nothing gets
/// an empty texture layout (`device/pipeline.rs`).
pub(crate) const EMPTY_GROUP_SLOTS: bool = cfg!(not(feature = "wgpu27"));

/// A pipeline layout of `groups` and no push constants: 30 takes `Option` slots and an
/// `immediate_size`, 27 layouts and `push_constant_ranges`. On 27 every slot is `Some`
/// ([`EMPTY_GROUP_SLOTS`]); an empty one would shift the groups after it, so it gets an empty
/// layout instead.
pub(crate) fn pipeline_layout(
    device: &wgpu::Device,
    label: &str,
    groups: &[Option<&wgpu::BindGroupLayout>],
) -> wgpu::PipelineLayout {
    #[cfg(not(feature = "wgpu27"))]
    return device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: groups,
        immediate_size: 0,
    });
    #[cfg(feature = "wgpu27")]
    {
        let empty = groups.iter().any(Option::is_none).then(|| {
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("empty"),
                entries: &[],
            })
        });
        let layouts: Vec<&wgpu::BindGroupLayout> =
            groups.iter().filter_map(|g| g.or(empty.as_ref())).collect();
        device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some(label),
            bind_group_layouts: &layouts,
            push_constant_ranges: &[],
        })
    }
}

/// One vertex buffer slot of a pipeline: an `Option` in 30 (a slot may be left out), the layout
/// itself in 27. Molehill's slots are contiguous, so every slot has a layout.
#[cfg(not(feature = "wgpu27"))]
pub(crate) type VertexBufferSlot<'a> = Option<wgpu::VertexBufferLayout<'a>>;
#[cfg(feature = "wgpu27")]
pub(crate) type VertexBufferSlot<'a> = wgpu::VertexBufferLayout<'a>;

/// The slot of `layout`.
pub(crate) fn vertex_buffer_slot(layout: wgpu::VertexBufferLayout<'_>) -> VertexBufferSlot<'_> {
    #[cfg(not(feature = "wgpu27"))]
    return Some(layout);
    #[cfg(feature = "wgpu27")]
    return layout;
}

/// A depth state's write flag: an `Option` in 30, a `bool` in 27.
#[cfg(not(feature = "wgpu27"))]
pub(crate) fn depth_write(write: bool) -> Option<bool> {
    Some(write)
}
/// A depth state's write flag: an `Option` in 30, a `bool` in 27.
#[cfg(feature = "wgpu27")]
pub(crate) fn depth_write(write: bool) -> bool {
    write
}

/// A depth state's compare function: an `Option` in 30, the function in 27.
#[cfg(not(feature = "wgpu27"))]
pub(crate) fn depth_compare(compare: wgpu::CompareFunction) -> Option<wgpu::CompareFunction> {
    Some(compare)
}
/// A depth state's compare function: an `Option` in 30, the function in 27.
#[cfg(feature = "wgpu27")]
pub(crate) fn depth_compare(compare: wgpu::CompareFunction) -> wgpu::CompareFunction {
    compare
}

/// A buffer slice's size in bytes: a `u64` in 30, a `BufferSize` (non-zero) in 27.
pub(crate) fn slice_size(slice: &wgpu::BufferSlice<'_>) -> u64 {
    #[cfg(not(feature = "wgpu27"))]
    return slice.size();
    #[cfg(feature = "wgpu27")]
    return slice.size().get();
}

/// The mapped bytes of a slice whose map completed: a `Result` in 30, the view in 27 (which
/// panics where 30 errs: on a slice that is not mapped, which Molehill maps and waits for
/// first).
#[cfg(not(feature = "wgpu27"))]
pub(crate) fn mapped_range(slice: &wgpu::BufferSlice<'_>) -> Result<wgpu::BufferView, String> {
    slice.get_mapped_range().map_err(|e| format!("{e:?}"))
}
/// See the wgpu 30 one.
#[cfg(feature = "wgpu27")]
pub(crate) fn mapped_range(slice: &wgpu::BufferSlice<'_>) -> Result<wgpu::BufferView, String> {
    Ok(slice.get_mapped_range())
}

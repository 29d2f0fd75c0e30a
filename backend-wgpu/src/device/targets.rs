//! Render targets: the back buffer (the texture a host samples after `present`) and texture
//! targets (2D, cube face, up to four colour outputs, depth and stencil, multisampled with a
//! resolve at the end of each pass).
//!
//! Orientation needs nothing: wgpu's clip space is Flash's, normalised y = +1 is row 0, and
//! row 0 is the top row of every target, of read-back and of the host's texture.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::targets::{RenderTargetTable, TargetKey};
use molehill_context3d::{BackBufferConfig, RenderTarget, TextureId};

use molehill_context3d::targets::Packing;

use super::packed::PackedTarget;
use super::textures::Texture;

/// The format of the back buffer.
pub const FRAME_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// The depth-stencil format of every target.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth24PlusStencil8;

/// The back buffer as the host sees it after `Backend::present`.
///
/// - format [`FRAME_FORMAT`] (`Rgba8Unorm`, not sRGB: Flash blends in gamma space);
/// - colours premultiplied by alpha, as Flash composites the Stage3D layer (blend it with
///   `One, OneMinusSrcAlpha`);
/// - row 0 is the top row (sample it with `v = 0` at the top, no flip);
/// - `width` x `height` of the last `configureBackBuffer`, single-sampled (an anti-aliased
///   back buffer is resolved into it at the end of each pass).
///
/// The texture lives until the next `configureBackBuffer` (then ask again) and holds the last
/// presented frame until the content draws to the back buffer again.
#[derive(Debug, Clone, Copy)]
pub struct FrameTexture<'a> {
    /// The texture (usages: `TEXTURE_BINDING`, `COPY_SRC`, `COPY_DST`, `RENDER_ATTACHMENT`).
    pub texture: &'a wgpu::Texture,
    /// A default view of it.
    pub view: &'a wgpu::TextureView,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Its format.
    pub format: wgpu::TextureFormat,
}

/// One colour attachment: the view drawn into and, when multisampled, the view resolved to.
#[derive(Debug, Clone)]
pub struct ColorView {
    /// The view draws go to.
    pub view: wgpu::TextureView,
    /// The single-sampled view the multisampled one resolves to.
    pub resolve: Option<wgpu::TextureView>,
    /// The format.
    pub format: wgpu::TextureFormat,
    /// A texture in a 16-bit Flash format: what quantises it (`packed.rs`).
    pub packed: Option<PackedTarget>,
}

/// What a render pass on a target attaches.
#[derive(Debug, Clone)]
pub struct Attachments {
    /// Colour attachments by slot.
    pub colors: [Option<ColorView>; 4],
    /// The depth-stencil view.
    pub depth: Option<wgpu::TextureView>,
    /// Samples per pixel.
    pub samples: u32,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// The textures attached (their `used_in` frame is updated by each pass).
    pub textures: Vec<TextureId>,
}

impl Attachments {
    /// The colour formats by slot (part of the pipeline key).
    pub fn formats(&self) -> [Option<wgpu::TextureFormat>; 4] {
        [0, 1, 2, 3].map(|i| self.colors[i].as_ref().map(|c| c.format))
    }

    /// Whether a colour attachment is in a 16-bit Flash format (quantised: context3d's
    /// `QuantiseSchedule` says when).
    pub fn has_packed(&self) -> bool {
        self.colors.iter().flatten().any(|c| c.packed.is_some())
    }
}

/// The back buffer.
#[derive(Debug)]
pub struct BackBuffer {
    /// Its configuration.
    pub config: BackBufferConfig,
    /// The single-sampled colour texture (resolve target when multisampled): the frame.
    pub texture: wgpu::Texture,
    /// A view of it.
    pub view: wgpu::TextureView,
    attachments: Attachments,
}

#[derive(Debug)]
struct TextureTarget {
    attachments: Attachments,
    /// The generation of each attached texture when this was made (a reallocated texture
    /// makes it stale).
    generations: Vec<(TextureId, u64)>,
}

/// Why a target could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// A texture of the target is unknown or has no storage.
    #[error("render target texture {0:?} is unknown or has no storage")]
    UnknownTexture(TextureId),
}

/// The back buffer, texture targets and which one is current (context3d's table).
#[derive(Debug, Default)]
pub struct Targets {
    table: RenderTargetTable<BackBuffer, TextureTarget>,
    msaa_samples: u32,
    msaa_half_float: bool,
    msaa_copy: bool,
}

fn samples_for(anti_alias: u8, max: u32) -> u32 {
    if anti_alias == 0 {
        1
    } else {
        max.max(1)
    }
}

fn surface(
    device: &wgpu::Device,
    label: &str,
    size: (u32, u32),
    samples: u32,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: size.0.max(1),
            height: size.1.max(1),
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: samples,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}

fn depth_view(device: &wgpu::Device, size: (u32, u32), samples: u32) -> wgpu::TextureView {
    surface(
        device,
        "depth-stencil",
        size,
        samples,
        DEPTH_FORMAT,
        wgpu::TextureUsages::RENDER_ATTACHMENT,
    )
    .create_view(&wgpu::TextureViewDescriptor::default())
}

impl Targets {
    /// Sets the sample count `antiAlias > 0` gives, whether half-float targets have it, and
    /// whether multisampled textures can be copied (`Caps::msaa_copy`).
    pub fn set_msaa(&mut self, samples: u32, half_float: bool, copy: bool) {
        self.msaa_samples = samples;
        self.msaa_half_float = half_float;
        self.msaa_copy = copy;
    }

    /// (Re)allocates the back buffer.
    pub fn configure_back_buffer(&mut self, device: &wgpu::Device, config: &BackBufferConfig) {
        let size = (config.width, config.height);
        let samples = samples_for(config.anti_alias, self.msaa_samples);
        let texture = surface(
            device,
            "back buffer",
            size,
            1,
            FRAME_FORMAT,
            wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC
                | wgpu::TextureUsages::COPY_DST,
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let color = if samples > 1 {
            let msaa = surface(
                device,
                "back buffer (multisampled)",
                size,
                samples,
                FRAME_FORMAT,
                wgpu::TextureUsages::RENDER_ATTACHMENT,
            );
            ColorView {
                view: msaa.create_view(&wgpu::TextureViewDescriptor::default()),
                resolve: Some(view.clone()),
                format: FRAME_FORMAT,
                packed: None,
            }
        } else {
            ColorView {
                view: view.clone(),
                resolve: None,
                format: FRAME_FORMAT,
                packed: None,
            }
        };
        let depth = config
            .depth_and_stencil
            .then(|| depth_view(device, size, samples));
        self.table.set_back(BackBuffer {
            config: *config,
            texture,
            view,
            attachments: Attachments {
                colors: [Some(color), None, None, None],
                depth,
                samples,
                size,
                textures: Vec::new(),
            },
        });
    }

    /// The back buffer, once configured.
    pub fn back_buffer(&self) -> Option<&BackBuffer> {
        self.table.back()
    }

    /// The back buffer for the host, once configured.
    pub fn frame(&self) -> Option<FrameTexture<'_>> {
        let b = self.table.back()?;
        Some(FrameTexture {
            texture: &b.texture,
            view: &b.view,
            width: b.config.width,
            height: b.config.height,
            format: FRAME_FORMAT,
        })
    }

    /// Selects the current target.
    pub fn set_current(&mut self, target: &RenderTarget) {
        let max = self.msaa_samples;
        self.table.select(target, |aa| samples_for(aa, max));
    }

    /// The current target's key (`None`: the back buffer).
    pub fn current_key(&self) -> Option<TargetKey> {
        self.table.current()
    }

    /// The attachments of the texture target of `key`, when made.
    pub fn attachments(&self, key: &TargetKey) -> Option<&Attachments> {
        self.table.get(key).map(|t| &t.attachments)
    }

    /// The attachments of the current target, made on first use; `None` when there is
    /// nothing to draw into (no back buffer yet).
    pub fn current(
        &mut self,
        device: &wgpu::Device,
        textures: &HashMap<TextureId, Texture>,
    ) -> Result<Option<&Attachments>, TargetError> {
        let Some(key) = self.table.current() else {
            return Ok(self.table.back().map(|b| &b.attachments));
        };
        let stale = self.table.get(&key).is_some_and(|t| {
            t.generations
                .iter()
                .any(|(id, g)| textures.get(id).map(|t| t.generation) != Some(*g))
        });
        if stale {
            self.table.remove(&key);
        }
        let (half_float, copy) = (self.msaa_half_float, self.msaa_copy);
        let made = self.table.get_or_make(key, |k| {
            make_texture_target(device, k, textures, half_float, copy)
        })?;
        Ok(Some(&made.attachments))
    }

    /// Drops the texture targets that use `texture`.
    pub fn texture_disposed(&mut self, texture: TextureId) {
        self.table.remove_using(texture);
    }

    /// Frees everything.
    pub fn clear(&mut self) {
        self.table.clear();
    }
}

fn make_texture_target(
    device: &wgpu::Device,
    key: &TargetKey,
    textures: &HashMap<TextureId, Texture>,
    msaa_half_float: bool,
    msaa_copy: bool,
) -> Result<TextureTarget, TargetError> {
    let mut colors: [Option<ColorView>; 4] = Default::default();
    let mut size = (1, 1);
    let mut generations = Vec::new();
    let mut samples = key.samples;
    // Every texture first: nothing is made for a target that cannot be.
    let found = key
        .attach(|id| textures.get(&id))
        .map_err(TargetError::UnknownTexture)?;
    let mut attached = Vec::new();
    for (slot, a) in found.into_iter().enumerate() {
        let Some(a) = a else { continue };
        let (id, tex) = (a.id, a.texture);
        let texture = tex
            .texture
            .as_ref()
            .ok_or(TargetError::UnknownTexture(id))?;
        if tex.storage.format() == wgpu::TextureFormat::Rgba16Float && !msaa_half_float {
            samples = 1;
        }
        attached.push((slot, a, texture));
    }
    for (slot, a, texture) in attached {
        let (id, tex) = (a.id, a.texture);
        size = (tex.desc.width, tex.desc.height);
        generations.push((id, tex.generation));
        let format = tex.storage.format();
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some("render target"),
            dimension: Some(wgpu::TextureViewDimension::D2),
            base_mip_level: 0,
            mip_level_count: Some(1),
            base_array_layer: a.layer(tex.is_cube()),
            array_layer_count: Some(1),
            ..Default::default()
        });
        let packing = Packing::of(tex.desc.format);
        let packed = |msaa: Option<&wgpu::Texture>| {
            packing.map(|packing| PackedTarget {
                packing,
                texture: texture.clone(),
                layer: a.layer(tex.is_cube()),
                msaa: msaa.cloned(),
            })
        };
        colors[slot] = Some(if samples > 1 {
            // A packed target's samples are copied to be quantised; not on wgpu's GL backend,
            // which cannot copy a multisampled texture and fails to make one with COPY_SRC
            // (GL_TEXTURE_2D as its target: packed.rs, `resolve_only`; `Caps::msaa_copy`), so
            // the target would have no samples at all.
            let copy = if packing.is_some() && msaa_copy {
                wgpu::TextureUsages::COPY_SRC
            } else {
                wgpu::TextureUsages::empty()
            };
            let msaa = surface(
                device,
                "render target (multisampled)",
                size,
                samples,
                format,
                wgpu::TextureUsages::RENDER_ATTACHMENT | copy,
            );
            ColorView {
                view: msaa.create_view(&wgpu::TextureViewDescriptor::default()),
                resolve: Some(view),
                format,
                packed: packed(Some(&msaa)),
            }
        } else {
            ColorView {
                view,
                resolve: None,
                format,
                packed: packed(None),
            }
        });
    }
    let depth = key
        .depth_and_stencil
        .then(|| depth_view(device, size, samples));
    Ok(TextureTarget {
        attachments: Attachments {
            colors,
            depth,
            samples,
            size,
            textures: generations.iter().map(|(id, _)| *id).collect(),
        },
        generations,
    })
}

//! The render pipeline cache's key: everything a pipeline depends on, compared and hashed
//! through a packed form ([`PackedKey`]) (the fixed-function state in one `u128`, one word per vertex
//! attribute), so that the lookup a draw that changes state makes stays a few dozen
//! instructions (the derived comparison and hash of 32 options of structs and the stencil
//! state cost more than 2000 instructions a lookup, measured with callgrind).

use molehill_context3d::{
    BlendState, ColorMask, DepthState, StencilState, TriangleFace, VertexFormat, MAX_STREAMS,
};

/// One vertex buffer slot of a pipeline: stride and step mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SlotKey {
    /// Bytes per vertex.
    pub stride: u32,
    /// Per instance (`true`) or per vertex.
    pub instance: bool,
}

/// One attribute: its slot, format and offset in the slot's vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttributeKey {
    /// Vertex buffer slot.
    pub slot: u8,
    /// Format.
    pub format: VertexFormat,
    /// Byte offset in the vertex.
    pub offset: u32,
}

/// Attributes by `va` index and the buffer slots they read, one word per attribute (`0`:
/// none) so that a pipeline lookup hashes and compares a few words, not 32 options of
/// structs (it did: more than 2000 instructions a lookup, measured with callgrind). Each
/// word holds the attribute's slot, format and offset and its slot's stride and step; a
/// stride or offset above [`VertexLayoutKey::MAX_BYTES`] has no key (wgpu's own limit on
/// strides is 2048 bytes; Flash's is 256).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct VertexLayoutKey {
    words: [u64; MAX_STREAMS],
}

const PRESENT: u64 = 1 << 63;
const INSTANCE: u64 = 1 << 62;

fn format_code(f: VertexFormat) -> u64 {
    match f {
        VertexFormat::Float1 => 0,
        VertexFormat::Float2 => 1,
        VertexFormat::Float3 => 2,
        VertexFormat::Float4 => 3,
        VertexFormat::Bytes4 => 4,
    }
}

fn format_of(code: u64) -> VertexFormat {
    match code {
        0 => VertexFormat::Float1,
        1 => VertexFormat::Float2,
        2 => VertexFormat::Float3,
        3 => VertexFormat::Float4,
        _ => VertexFormat::Bytes4,
    }
}

impl VertexLayoutKey {
    /// Largest stride or attribute offset a key holds, in bytes.
    pub const MAX_BYTES: u32 = 0xFFFF;

    /// Sets attribute `va<location>`, read from slot `slot`; `false` (nothing set) when the
    /// location, the slot, the stride or the offset is out of the key's range.
    pub fn set(&mut self, location: usize, slot: SlotKey, attribute: AttributeKey) -> bool {
        let fits = location < MAX_STREAMS
            && usize::from(attribute.slot) < MAX_STREAMS
            && slot.stride <= Self::MAX_BYTES
            && attribute.offset <= Self::MAX_BYTES;
        if !fits {
            return false;
        }
        self.words[location] = PRESENT
            | if slot.instance { INSTANCE } else { 0 }
            | u64::from(attribute.slot) << 48
            | format_code(attribute.format) << 40
            | u64::from(slot.stride) << 16
            | u64::from(attribute.offset);
        true
    }

    /// Attribute `va<location>` and its slot, `None` when the location is unused.
    pub fn attribute(&self, location: usize) -> Option<(AttributeKey, SlotKey)> {
        let w = *self.words.get(location)?;
        if w & PRESENT == 0 {
            return None;
        }
        Some((
            AttributeKey {
                slot: ((w >> 48) & 0xFF) as u8,
                format: format_of((w >> 40) & 0xFF),
                offset: (w & 0xFFFF) as u32,
            },
            SlotKey {
                stride: ((w >> 16) & 0xFFFF) as u32,
                instance: w & INSTANCE != 0,
            },
        ))
    }

    /// The buffer slots in use, from 0 (each with the stride and step of its attributes).
    pub fn slots(&self) -> [Option<SlotKey>; MAX_STREAMS] {
        let mut slots = [None; MAX_STREAMS];
        for location in 0..MAX_STREAMS {
            if let Some((a, s)) = self.attribute(location) {
                slots[usize::from(a.slot)] = Some(s);
            }
        }
        slots
    }
}

/// Everything a render pipeline depends on (what [`super::Pipelines::pipeline`]
/// makes one from); the cache compares and hashes its [`PackedKey`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PipelineKey {
    /// Program slot.
    pub program: u32,
    /// Blend factors.
    pub blend: BlendState,
    /// Colour mask.
    pub color_mask: ColorMask,
    /// Culling (never `FrontAndBack`: such draws are dropped before).
    pub cull: TriangleFace,
    /// Depth and stencil, `None` when the target has no depth buffer (the reference value
    /// is dynamic state and is left out of the key).
    pub depth_stencil: Option<(DepthState, StencilState)>,
    /// Vertex layout.
    pub vertex: VertexLayoutKey,
    /// Colour target formats by slot.
    pub targets: [Option<wgpu::TextureFormat>; 4],
    /// Samples per pixel.
    pub samples: u32,
}

/// A [`PipelineKey`] packed for the cache and the pass's "already bound" test: the
/// fixed-function state in one `u128` (one byte per enum, one bit per flag), the vertex
/// layout's words, the formats. Two keys pack equal exactly when they make the same pipeline
/// (the stencil reference, dynamic state, is left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedKey {
    /// Program slot.
    pub program: u32,
    samples: u32,
    fixed: u128,
    vertex: VertexLayoutKey,
    targets: [Option<wgpu::TextureFormat>; 4],
}

impl PipelineKey {
    /// The packed form (computed once a draw).
    pub fn packed(&self) -> PackedKey {
        PackedKey {
            program: self.program,
            samples: self.samples,
            fixed: self.fixed(),
            vertex: self.vertex,
            targets: self.targets,
        }
    }

    /// The fixed-function state, one byte per enum and one bit per flag (injective: every
    /// field has its own bits).
    fn fixed(&self) -> u128 {
        let e = |v: u8, at: u32| u128::from(v) << at;
        let b = |v: bool, at: u32| u128::from(v) << at;
        let m = self.color_mask;
        let mut bits = e(self.blend.source as u8, 0)
            | e(self.blend.destination as u8, 8)
            | e(self.cull as u8, 16)
            | b(m.red, 24)
            | b(m.green, 25)
            | b(m.blue, 26)
            | b(m.alpha, 27);
        if let Some((d, s)) = &self.depth_stencil {
            bits |= b(true, 28) | b(d.write, 29) | e(d.compare as u8, 32);
            for (i, f) in [&s.front, &s.back].into_iter().enumerate() {
                let at = 40 + 32 * i as u32;
                bits |= e(f.compare as u8, at)
                    | e(f.on_both_pass as u8, at + 8)
                    | e(f.on_depth_fail as u8, at + 16)
                    | e(f.on_stencil_fail as u8, at + 24);
            }
            bits |= e(s.read_mask, 104) | e(s.write_mask, 112);
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molehill_context3d::{BlendFactor, CompareMode, StencilAction, StencilFace};

    fn key() -> PipelineKey {
        let mut vertex = VertexLayoutKey::default();
        let slot = SlotKey {
            stride: 32,
            instance: false,
        };
        let attribute = |offset| AttributeKey {
            slot: 0,
            format: VertexFormat::Float2,
            offset,
        };
        assert!(vertex.set(0, slot, attribute(0)));
        assert!(vertex.set(2, slot, attribute(8)));
        PipelineKey {
            program: 1,
            blend: BlendState::default(),
            color_mask: ColorMask::default(),
            cull: TriangleFace::None,
            depth_stencil: Some((DepthState::default(), StencilState::default())),
            vertex,
            targets: [Some(wgpu::TextureFormat::Rgba8Unorm), None, None, None],
            samples: 1,
        }
    }

    fn hash(k: &PackedKey) -> u64 {
        use std::hash::BuildHasher;
        std::hash::BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(k)
    }

    #[test]
    fn a_vertex_layout_key_gives_back_what_was_set() {
        let mut v = VertexLayoutKey::default();
        let slot = SlotKey {
            stride: 256,
            instance: true,
        };
        let a = AttributeKey {
            slot: 3,
            format: VertexFormat::Bytes4,
            offset: 252,
        };
        assert!(v.set(15, slot, a));
        assert_eq!(v.attribute(15), Some((a, slot)));
        assert_eq!(v.attribute(0), None);
        assert_eq!(v.slots()[3], Some(slot));
        for format in [
            VertexFormat::Float1,
            VertexFormat::Float2,
            VertexFormat::Float3,
            VertexFormat::Float4,
            VertexFormat::Bytes4,
        ] {
            let a = AttributeKey { format, ..a };
            assert!(v.set(1, slot, a));
            assert_eq!(v.attribute(1).map(|(a, _)| a.format), Some(format));
        }
        // Out of the key's range: refused, nothing set.
        let wide = SlotKey {
            stride: VertexLayoutKey::MAX_BYTES + 1,
            instance: false,
        };
        assert!(!v.set(4, wide, a));
        assert!(!v.set(16, slot, a));
        assert_eq!(v.attribute(4), None);
    }

    #[test]
    fn pipeline_keys_differ_in_every_field_they_hold() {
        let base = key();
        assert_eq!(base.packed(), key().packed());
        assert_eq!(hash(&base.packed()), hash(&key().packed()));
        let face = StencilFace {
            compare: CompareMode::Equal,
            on_both_pass: StencilAction::Zero,
            on_depth_fail: StencilAction::Set,
            on_stencil_fail: StencilAction::Invert,
        };
        let stencils = [
            StencilState {
                front: face,
                ..StencilState::default()
            },
            StencilState {
                back: face,
                ..StencilState::default()
            },
            StencilState {
                read_mask: 1,
                ..StencilState::default()
            },
            StencilState {
                write_mask: 1,
                ..StencilState::default()
            },
        ];
        let depth = DepthState::default();
        let mut others = vec![
            PipelineKey { program: 2, ..base },
            PipelineKey { samples: 4, ..base },
            PipelineKey {
                blend: BlendState {
                    source: BlendFactor::SourceAlpha,
                    ..base.blend
                },
                ..base
            },
            PipelineKey {
                blend: BlendState {
                    destination: BlendFactor::OneMinusDestinationAlpha,
                    ..base.blend
                },
                ..base
            },
            PipelineKey {
                color_mask: ColorMask {
                    blue: false,
                    ..base.color_mask
                },
                ..base
            },
            PipelineKey {
                cull: TriangleFace::Back,
                ..base
            },
            PipelineKey {
                depth_stencil: None,
                ..base
            },
            PipelineKey {
                depth_stencil: Some((
                    DepthState {
                        write: !depth.write,
                        ..depth
                    },
                    StencilState::default(),
                )),
                ..base
            },
            PipelineKey {
                depth_stencil: Some((
                    DepthState {
                        compare: CompareMode::Never,
                        ..depth
                    },
                    StencilState::default(),
                )),
                ..base
            },
            PipelineKey {
                targets: [Some(wgpu::TextureFormat::Rgba16Float), None, None, None],
                ..base
            },
        ];
        others.extend(stencils.map(|s| PipelineKey {
            depth_stencil: Some((depth, s)),
            ..base
        }));
        let mut vertex = base.vertex;
        let (a, slot) = vertex.attribute(2).unwrap();
        assert!(vertex.set(2, slot, AttributeKey { offset: 12, ..a }));
        others.push(PipelineKey { vertex, ..base });
        for (i, k) in others.iter().enumerate() {
            assert_ne!(k.packed(), base.packed(), "change {i}");
            for (j, l) in others.iter().enumerate().skip(i + 1) {
                assert_ne!(k.packed(), l.packed(), "changes {i} and {j}");
            }
        }
        // The stencil reference is dynamic state: not part of the key.
        let reference = PipelineKey {
            depth_stencil: Some((
                depth,
                StencilState {
                    reference: 7,
                    ..StencilState::default()
                },
            )),
            ..base
        };
        assert_eq!(reference.packed(), base.packed());
        assert_eq!(hash(&reference.packed()), hash(&base.packed()));
    }
}

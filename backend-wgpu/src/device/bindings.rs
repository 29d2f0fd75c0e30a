//! Texture bind groups (`@group(1)`), one per distinct (program layout, textures, sampler
//! states), reused across draws and frames until a texture they hold is disposed or
//! reallocated.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::{SamplerBinding, TextureId, MAX_SAMPLERS};

use super::cache::bounded_entry;
use super::counters::CallCounts;
use super::pipeline::GpuProgram;
use super::samplers::{SamplerKey, Samplers};
use super::textures::{Placeholders, Texture};

/// What a texture bind group holds, per sampler the program reads (in its layout's order):
/// the texture, its generation, the sampler. Compared and hashed over those entries alone
/// (the program slot fixes which units they are): the derived comparison and hash of all 16
/// units cost about 400 instructions a textured draw (callgrind, the bench's mesh scene).
#[derive(Debug, Clone, Copy)]
struct BindKey {
    program: u32,
    len: u8,
    units: [Option<(TextureId, u64, SamplerKey)>; MAX_SAMPLERS],
}

impl BindKey {
    fn used(&self) -> &[Option<(TextureId, u64, SamplerKey)>] {
        &self.units[..usize::from(self.len)]
    }
}

impl PartialEq for BindKey {
    fn eq(&self, other: &Self) -> bool {
        self.program == other.program && self.used() == other.used()
    }
}

impl Eq for BindKey {}

impl std::hash::Hash for BindKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.program);
        self.used().hash(state);
    }
}

/// The bind-group cache.
#[derive(Debug, Default)]
pub struct TextureBindings {
    map: HashMap<BindKey, (u64, wgpu::BindGroup)>,
    next: u64,
}

/// Most bind groups kept; past it the cache starts over.
const MAX_BIND_GROUPS: usize = 4096;

impl TextureBindings {
    /// The bind group of a draw (with an id that changes when the group does), made on
    /// first use. `None` when the program reads no texture.
    #[allow(clippy::too_many_arguments)]
    pub fn get(
        &mut self,
        device: &wgpu::Device,
        slot: u32,
        program: &GpuProgram,
        bindings: &[Option<SamplerBinding>; MAX_SAMPLERS],
        textures: &HashMap<TextureId, Texture>,
        samplers: &mut Samplers,
        placeholders: &Placeholders,
        counters: &mut CallCounts,
    ) -> Option<(u64, &wgpu::BindGroup)> {
        let layout = program.textures_layout.as_ref()?;
        let mut key = BindKey {
            program: slot,
            len: 0,
            units: [None; MAX_SAMPLERS],
        };
        let samplers_read = program.layout.samplers.iter().take(MAX_SAMPLERS);
        for (i, &(unit, _)) in samplers_read.clone().enumerate() {
            if let Some(Some(b)) = bindings.get(usize::from(unit)) {
                let generation = textures.get(&b.texture).map_or(0, |t| t.generation);
                key.units[i] = Some((b.texture, generation, SamplerKey::of(&b.state)));
            }
            key.len = i as u8 + 1;
        }
        // One hash of the key for a group made before; the group is handed out by reference
        // (no reference count touched per draw).
        let vacant = match bounded_entry(&mut self.map, key, MAX_BIND_GROUPS) {
            std::collections::hash_map::Entry::Occupied(e) => {
                let (id, group) = e.into_mut();
                return Some((*id, group));
            }
            std::collections::hash_map::Entry::Vacant(v) => v,
        };
        let mut views = Vec::new();
        for (i, &(unit, cube)) in samplers_read.enumerate() {
            let placeholder = if cube {
                &placeholders.cube
            } else {
                &placeholders.d2
            };
            let (view, sampler_key) = match key.units[i] {
                Some((id, _, s)) => (
                    textures
                        .get(&id)
                        .and_then(|t| match &t.base_view {
                            // `mipnone` samples the base level: a view of it alone.
                            Some(base) if s.mip == molehill_agal::MipFilter::None => Some(base),
                            _ => t.view.as_ref(),
                        })
                        .unwrap_or(placeholder),
                    s,
                ),
                None => (placeholder, SamplerKey::of(&Default::default())),
            };
            let sampler = samplers.get(device, sampler_key).clone();
            views.push((unit, view.clone(), sampler));
        }
        let entries: Vec<wgpu::BindGroupEntry<'_>> = views
            .iter()
            .flat_map(|(unit, view, sampler)| {
                [
                    wgpu::BindGroupEntry {
                        binding: molehill_agal::wgsl::texture_binding(*unit),
                        resource: wgpu::BindingResource::TextureView(view),
                    },
                    wgpu::BindGroupEntry {
                        binding: molehill_agal::wgsl::sampler_binding(*unit),
                        resource: wgpu::BindingResource::Sampler(sampler),
                    },
                ]
            })
            .collect();
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("textures"),
            layout,
            entries: &entries,
        });
        counters.bind_groups += 1;
        self.next += 1;
        let (id, group) = vacant.insert((self.next, group));
        Some((*id, group))
    }

    /// Drops the bind groups that hold `texture`.
    pub fn texture_disposed(&mut self, texture: TextureId) {
        self.map
            .retain(|k, _| !k.units.iter().flatten().any(|(id, _, _)| *id == texture));
    }

    /// Drops the bind groups of program slot `slot`.
    pub fn program_disposed(&mut self, slot: u32) {
        self.map.retain(|k, _| k.program != slot);
    }

    /// Drops everything.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molehill_context3d::SamplerState;

    fn key(program: u32, units: &[Option<(TextureId, u64, SamplerKey)>]) -> BindKey {
        let mut k = BindKey {
            program,
            len: units.len() as u8,
            units: [None; MAX_SAMPLERS],
        };
        k.units[..units.len()].copy_from_slice(units);
        k
    }

    fn hash(k: &BindKey) -> u64 {
        use std::hash::BuildHasher;
        std::hash::BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(k)
    }

    #[test]
    fn bind_keys_differ_in_each_texture_generation_sampler_and_program() {
        let nearest = SamplerKey::of(&SamplerState::default());
        let linear = SamplerKey::of(&SamplerState {
            filter: molehill_agal::Filter::Linear,
            ..SamplerState::default()
        });
        let t = TextureId(7);
        let base = key(1, &[Some((t, 1, nearest)), None]);
        assert_eq!(base, key(1, &[Some((t, 1, nearest)), None]));
        assert_eq!(hash(&base), hash(&key(1, &[Some((t, 1, nearest)), None])));
        let others = [
            key(2, &[Some((t, 1, nearest)), None]),
            key(1, &[Some((TextureId(8), 1, nearest)), None]),
            key(1, &[Some((t, 2, nearest)), None]),
            key(1, &[Some((t, 1, linear)), None]),
            key(1, &[None, Some((t, 1, nearest))]),
            key(1, &[Some((t, 1, nearest)), Some((t, 1, nearest))]),
        ];
        for (i, k) in others.iter().enumerate() {
            assert_ne!(*k, base, "change {i}");
            for (j, l) in others.iter().enumerate().skip(i + 1) {
                assert_ne!(k, l, "changes {i} and {j}");
            }
        }
    }
}

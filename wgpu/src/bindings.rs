//! Texture bind groups (`@group(1)`), one per distinct (program layout, textures, sampler
//! states), reused across draws and frames until a texture they hold is disposed or
//! reallocated.

use rustc_hash::FxHashMap as HashMap;

use molehill_context3d::{SamplerBinding, TextureId, MAX_SAMPLERS};

use crate::pipeline::GpuProgram;
use crate::resources::Counters;
use crate::textures::{Placeholders, SamplerKey, Samplers, Texture};

/// What a texture bind group holds, per unit: the texture, its generation, the sampler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct BindKey {
    program: u32,
    units: [Option<(TextureId, u64, SamplerKey)>; MAX_SAMPLERS],
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
        counters: &mut Counters,
    ) -> Option<(u64, &wgpu::BindGroup)> {
        let layout = program.textures_layout.as_ref()?;
        let mut key = BindKey {
            program: slot,
            units: [None; MAX_SAMPLERS],
        };
        for &(unit, _) in &program.layout.samplers {
            let u = usize::from(unit);
            if let Some(Some(b)) = bindings.get(u) {
                let generation = textures.get(&b.texture).map_or(0, |t| t.generation);
                key.units[u] = Some((b.texture, generation, SamplerKey::of(&b.state)));
            }
        }
        if self.map.len() >= MAX_BIND_GROUPS && !self.map.contains_key(&key) {
            self.map.clear();
        }
        // One hash of the key for a group made before; the group is handed out by reference
        // (no reference count touched per draw).
        let vacant = match self.map.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => {
                let (id, group) = e.into_mut();
                return Some((*id, group));
            }
            std::collections::hash_map::Entry::Vacant(v) => v,
        };
        let mut views = Vec::new();
        for &(unit, cube) in &program.layout.samplers {
            let u = usize::from(unit);
            let placeholder = if cube {
                &placeholders.cube
            } else {
                &placeholders.d2
            };
            let (view, sampler_key) = match key.units[u] {
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

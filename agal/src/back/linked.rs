//! The shared pass over a pair before either writer runs: both programs scanned against their
//! version's limits and their varyings linked.

use super::error::TranslateError;
use super::interface::{Attribute, ColorOutput, ConstantFile, SamplerBinding, Varying};
use super::names;
use super::scan::{self, StageLimits, Usage};
use crate::model::{Program, ProgramKind};

/// The shared pass over a pair: both programs scanned and their varyings linked.
#[derive(Debug, Clone)]
pub(crate) struct Linked {
    pub vertex_limits: StageLimits,
    pub fragment_limits: StageLimits,
    pub vertex: Usage,
    pub fragment: Usage,
    /// The linked varying registers, in register order (position = squeezed location).
    pub varyings: Vec<u16>,
}

impl Linked {
    /// Checks the kinds and versions, scans both programs and links their varyings.
    pub fn new(vertex: &Program, fragment: &Program) -> Result<Linked, TranslateError> {
        for (program, expected) in [
            (vertex, ProgramKind::Vertex),
            (fragment, ProgramKind::Fragment),
        ] {
            if program.kind != expected {
                return Err(TranslateError::WrongKind {
                    expected,
                    found: program.kind,
                });
            }
        }
        if vertex.version != fragment.version {
            return Err(TranslateError::VersionMismatch {
                vertex: vertex.version,
                fragment: fragment.version,
            });
        }
        let vertex_limits = StageLimits::of(vertex);
        let fragment_limits = StageLimits::of(fragment);
        let vertex_usage = scan::scan(vertex, &vertex_limits)?;
        let fragment_usage = scan::scan(fragment, &fragment_limits)?;
        let varyings = scan::link_varyings(&vertex_usage, &fragment_usage)?;
        Ok(Linked {
            vertex_limits,
            fragment_limits,
            vertex: vertex_usage,
            fragment: fragment_usage,
            varyings,
        })
    }

    /// The attributes the vertex program reads.
    pub fn attributes(&self) -> Vec<Attribute> {
        self.vertex
            .attributes
            .iter()
            .filter_map(|slot| {
                Some(Attribute {
                    slot,
                    name: names::lookup(&names::ATTRIBUTES, slot)?,
                    location: u32::from(slot),
                })
            })
            .collect()
    }

    /// The vertex constant file.
    pub fn vertex_constants(&self) -> ConstantFile {
        constant_file(names::VERTEX_CONSTANTS, &self.vertex, &self.vertex_limits)
    }

    /// The fragment constant file.
    pub fn fragment_constants(&self) -> ConstantFile {
        constant_file(
            names::FRAGMENT_CONSTANTS,
            &self.fragment,
            &self.fragment_limits,
        )
    }

    /// The samplers the fragment program reads.
    pub fn samplers(&self) -> Vec<SamplerBinding> {
        self.fragment
            .samplers
            .iter()
            .filter_map(|(unit, sampler)| {
                Some(SamplerBinding {
                    unit: *unit,
                    name: names::lookup(&names::SAMPLERS, *unit)?,
                    dimension: sampler.dimension,
                    sampler: *sampler,
                })
            })
            .collect()
    }

    /// The linked varyings with their squeezed locations.
    pub fn linked_varyings(&self) -> Vec<Varying> {
        self.varyings
            .iter()
            .zip(0u32..)
            .filter_map(|(register, location)| {
                Some(Varying {
                    register: *register,
                    name: names::lookup(&names::VARYINGS, *register)?,
                    location,
                })
            })
            .collect()
    }

    /// Varyings written but never read (their writes are dropped), logged when any.
    pub fn dropped_varyings(&self) -> Vec<u16> {
        let dropped: Vec<u16> = self
            .vertex
            .varyings
            .iter()
            .filter(|v| !self.varyings.contains(v))
            .collect();
        if !dropped.is_empty() {
            log::debug!("varyings written but never read, writes dropped: {dropped:?}");
        }
        dropped
    }

    /// The colour outputs the fragment program writes, named by `name`.
    pub fn color_outputs(&self, name: impl Fn(u16) -> Option<&'static str>) -> Vec<ColorOutput> {
        self.fragment
            .outputs
            .iter()
            .filter_map(|index| {
                Some(ColorOutput {
                    index,
                    name: name(index)?,
                    location: u32::from(index),
                })
            })
            .collect()
    }
}

fn constant_file(name: &'static str, usage: &Usage, limits: &StageLimits) -> ConstantFile {
    let used = usage.relative || !usage.constants.is_empty();
    ConstantFile {
        name,
        size: if used { limits.constants } else { 0 },
        used: usage.constants.ranges(),
        relative: usage.relative,
    }
}

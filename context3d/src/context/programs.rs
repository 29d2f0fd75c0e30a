//! `createProgram`, `Program3D.upload`, `dispose` and `setProgram`: the calls on the programs
//! [`crate::resources::programs`] keeps.

use super::Context3D;
use crate::backend::{Backend, ProgramId, ProgramUpload};
use crate::draw::ResolvedCache;
use crate::error::{BackendCall, Context3DError, FlashResult};
use crate::resources::handles::{Program3D, MAX_OBJECTS_PER_TYPE};
use crate::resources::programs::{LinkedProgram, ProgramRes, ProgramUsage};
use crate::state::{set_bits, SamplerSetting};
use crate::values::Endian;
use molehill_agal::flash::FlashError;
use molehill_agal::valid;
use molehill_agal::{Program, ProgramKind, SpecialFlags};

impl<B: Backend> Context3D<B> {
    /// `createProgram()`: an empty `Program3D` (a draw with it is #3600 until it is
    /// uploaded). 4096 live programs: #3691.
    pub fn create_program(&mut self) -> FlashResult<Program3D> {
        self.live()?;
        if self.res.programs.len() >= MAX_OBJECTS_PER_TYPE {
            return Err(Context3DError::ResourceLimit.into());
        }
        Ok(self.res.programs.insert(ProgramRes::default()))
    }

    /// `Program3D.upload(vertexProgram, fragmentProgram)`, each `ByteArray` with its
    /// `endian`.
    ///
    /// In Flash's order, vertex program first, then fragment: an empty array is ArgumentError
    /// #3615, a big-endian one ArgumentError #3612, then `molehill_agal::valid::validate` under the
    /// context's profile (#3615-#3805), then `molehill_agal::valid::link`, then the backend compiles it
    /// (#3613 / #3614). A failed upload leaves the program empty (a draw with it is #3600).
    pub fn program_upload(
        &mut self,
        program: Program3D,
        vertex_program: &[u8],
        vertex_endian: Endian,
        fragment_program: &[u8],
        fragment_endian: Endian,
    ) -> FlashResult<()> {
        self.live()?;
        if !self.res.programs.contains_key(program) {
            return Err(Context3DError::Disposed.into());
        }
        // Whatever happens next, the old program is gone (a failed upload leaves it empty);
        // its backend program is released after the new one is created, so that an identical
        // re-upload finds it in the backend's cache.
        let old = self.program_take(program);
        let check = |bytes: &[u8], endian: Endian, kind: ProgramKind| {
            if !bytes.is_empty() && endian != Endian::Little {
                return Err(Context3DError::ProgramNotLittleEndian);
            }
            valid::validate(bytes, kind, self.profile).map_err(Context3DError::Validation)
        };
        let result = check(vertex_program, vertex_endian, ProgramKind::Vertex)
            .and_then(|v| {
                Ok((
                    v,
                    check(fragment_program, fragment_endian, ProgramKind::Fragment)?,
                ))
            })
            .map_err(FlashError::from)
            .and_then(|(vertex, fragment)| {
                self.program_upload_validated(program, &vertex, &fragment)
            });
        self.program_release_backend(old);
        result
    }

    /// `Program3D.upload` with already decoded programs (for hosts that assemble AGAL
    /// themselves): `molehill_agal::valid::validate_program` on each, then as
    /// [`program_upload`](Self::program_upload).
    pub fn program_upload_decoded(
        &mut self,
        program: Program3D,
        vertex: &Program,
        fragment: &Program,
    ) -> FlashResult<()> {
        self.live()?;
        if !self.res.programs.contains_key(program) {
            return Err(Context3DError::Disposed.into());
        }
        let old = self.program_take(program);
        let result = valid::validate_program(vertex, ProgramKind::Vertex, self.profile)
            .and_then(|()| valid::validate_program(fragment, ProgramKind::Fragment, self.profile))
            .map_err(|e| FlashError::from(Context3DError::Validation(e)))
            .and_then(|()| self.program_upload_validated(program, vertex, fragment));
        self.program_release_backend(old);
        result
    }

    fn program_upload_validated(
        &mut self,
        program: Program3D,
        vertex: &Program,
        fragment: &Program,
    ) -> FlashResult<()> {
        valid::link(vertex, fragment).map_err(Context3DError::Validation)?;
        let id = ProgramId(self.fresh_id());
        let r = self
            .backend
            .create_program(id, &ProgramUpload::new(vertex, fragment));
        self.backend_result(BackendCall::Program, r)?;
        let usage = ProgramUsage::of(vertex, fragment);
        if let Some(res) = self.res.programs.get_mut(program) {
            res.linked = Some(LinkedProgram {
                id,
                resolved: ResolvedCache::new(id),
                usage,
            });
        }
        if self.state.program == Some(program) {
            self.load_sampler_words(program);
        }
        Ok(())
    }

    /// Empties a `Program3D`: its linked program, if it has one, for
    /// [`Self::program_release_backend`].
    fn program_take(&mut self, program: Program3D) -> Option<LinkedProgram> {
        self.res
            .programs
            .get_mut(program)
            .and_then(|r| r.linked.take())
    }

    /// Frees the backend program of a taken linked program.
    fn program_release_backend(&mut self, linked: Option<LinkedProgram>) {
        if let Some(linked) = linked {
            self.backend.dispose_program(linked.id);
        }
    }

    /// Frees the backend program of a `Program3D`, if it has one.
    fn program_release(&mut self, program: Program3D) {
        let linked = self.program_take(program);
        self.program_release_backend(linked);
    }

    /// `Program3D.dispose()`: harmless when repeated.
    pub fn program_dispose(&mut self, program: Program3D) {
        self.program_release(program);
        self.res.programs.remove(program);
    }

    /// `setProgram(program)`: `None` (null) unsets it; a disposed program is #3694. Loads the
    /// wrap/filter/mip of every sampler the program uses from its sampler word, except where
    /// the word says `ignoresampler` (semantics.md).
    pub fn set_program(&mut self, program: Option<Program3D>) -> FlashResult<()> {
        self.live()?;
        if let Some(p) = program {
            if !self.res.programs.contains_key(p) {
                return Err(Context3DError::Disposed.into());
            }
            self.load_sampler_words(p);
        }
        self.state.program = program;
        self.free_collected_unbound();
        Ok(())
    }

    fn load_sampler_words(&mut self, program: Program3D) {
        let Some(linked) = self
            .res
            .programs
            .get(program)
            .and_then(|r| r.linked.as_ref())
        else {
            return;
        };
        let mut changed = false;
        for i in set_bits(linked.usage.sampler_mask) {
            if let (Some(slot), Some(Some(s))) =
                (self.state.samplers.get_mut(i), linked.usage.samplers.get(i))
            {
                if !s.special.contains(SpecialFlags::IGNORE_SAMPLER) {
                    let setting = SamplerSetting {
                        wrap: s.wrap,
                        filter: s.filter,
                        mip: s.mip,
                    };
                    changed |= *slot != setting;
                    *slot = setting;
                }
            }
        }
        if changed {
            self.state.samplers_epoch += 1;
        }
    }

    /// What an uploaded program uses (`None` before a successful upload or once disposed).
    pub fn program_usage(&self, program: Program3D) -> Option<&ProgramUsage> {
        self.res
            .programs
            .get(program)
            .and_then(|r| r.linked.as_ref())
            .map(|l| &l.usage)
    }
}

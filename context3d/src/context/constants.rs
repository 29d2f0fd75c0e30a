//! `setProgramConstantsFromVector`, `FromMatrix` and `FromByteArray`: the writes into the
//! constant files of [`crate::state`], with the registers they changed ([`crate::constants`]).

use super::Context3D;
use crate::backend::Backend;
use crate::enums::{param, EnumArg};
use crate::error::{Context3DError, FlashResult, Result};
use crate::number::Float;
use crate::values::Endian;
use molehill_agal::ProgramKind;

impl<B: Backend> Context3D<B> {
    /// `setProgramConstantsFromVector(programType, firstRegister, data, numRegisters)`.
    ///
    /// #2008 `programType`; `numRegisters` -1 takes the whole vector (whose length must then be
    /// a multiple of 4); a vector shorter than `4 * numRegisters`, or `numRegisters` below -1,
    /// is #3669; registers outside the profile's constant file are RangeError #2006.
    pub fn set_program_constants_from_vector(
        &mut self,
        program_type: impl EnumArg<ProgramKind>,
        first_register: i32,
        data: &[impl Float],
        num_registers: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let kind = program_type.resolve(param::PROGRAM_TYPE)?;
        let count = match num_registers {
            -1 if data.len().is_multiple_of(4) => data.len() / 4,
            n if n >= 0 && data.len() / 4 >= n as usize => n as usize,
            _ => return Err(Context3DError::BadInputSize.into()),
        };
        // Converted, compared and stored in one flat loop over the floats (see `overwrite`).
        let data = &data[..count * 4];
        self.write_constants(kind, first_register, count, |target| {
            overwrite(target, data, Float::to_f32)
        })?;
        Ok(())
    }

    /// `setProgramConstantsFromMatrix(programType, firstRegister, matrix, transposedMatrix)`
    /// with the `Matrix3D`'s `rawData` (column-major). Not transposed: register `i` holds
    /// `rawData[4i..4i+4]`; transposed: register `i` holds `rawData[i], rawData[4+i],
    /// rawData[8+i], rawData[12+i]` (row `i` of the matrix, what `m44` wants).
    pub fn set_program_constants_from_matrix(
        &mut self,
        program_type: impl EnumArg<ProgramKind>,
        first_register: i32,
        raw_data: &[impl Float; 16],
        transposed_matrix: bool,
    ) -> FlashResult<()> {
        self.live()?;
        let kind = program_type.resolve(param::PROGRAM_TYPE)?;
        let m = |i: usize| raw_data[i].to_f32();
        let values: [[f32; 4]; 4] = std::array::from_fn(|i| {
            if transposed_matrix {
                [m(i), m(4 + i), m(8 + i), m(12 + i)]
            } else {
                [m(4 * i), m(4 * i + 1), m(4 * i + 2), m(4 * i + 3)]
            }
        });
        self.write_constants(kind, first_register, 4, |target| {
            overwrite(target, values.as_flattened(), |v| v)
        })?;
        Ok(())
    }

    /// `setProgramConstantsFromByteArray(programType, firstRegister, numRegisters, data,
    /// byteArrayOffset)`: little-endian 32-bit floats, whatever the `ByteArray`'s `endian`
    /// (`_endian` is taken for API compatibility and ignored). Flash Player reads the bytes as
    /// they are: ruffle-rs/ruffle PR #23901 compared a `bigEndian` ByteArray in Flash Player
    /// (garbage for big-endian floats, the same picture as little-endian for little-endian
    /// floats), as vertex and index `uploadFromByteArray` do (Adobe-Runtime-Support #1773).
    ///
    /// #2008 `programType`; `numRegisters` negative, or fewer than `16 * numRegisters` bytes
    /// after the offset, is #3669 (recorded from Flash Player, -1 included).
    pub fn set_program_constants_from_byte_array(
        &mut self,
        program_type: impl EnumArg<ProgramKind>,
        first_register: i32,
        num_registers: i32,
        data: &[u8],
        byte_array_offset: u32,
        _endian: Endian,
    ) -> FlashResult<()> {
        self.live()?;
        let kind = program_type.resolve(param::PROGRAM_TYPE)?;
        let count = usize::try_from(num_registers).map_err(|_| Context3DError::BadInputSize)?;
        let bytes = data
            .get(byte_array_offset as usize..)
            .filter(|rest| !rest.is_empty() && rest.len() / 16 >= count)
            .ok_or(Context3DError::BadInputSize)?;
        let floats = bytes.as_chunks::<4>().0;
        self.write_constants(kind, first_register, count, |target| {
            overwrite(target, floats, f32::from_le_bytes)
        })?;
        Ok(())
    }

    /// Writes registers `first..first + count` of a constant file (#2006 outside it) with
    /// `fill`, which writes them all and says whether any changed; a change is sent with the
    /// next draw.
    fn write_constants(
        &mut self,
        kind: ProgramKind,
        first: i32,
        count: usize,
        fill: impl FnOnce(&mut [[f32; 4]]) -> bool,
    ) -> Result<()> {
        let (file, changed) = match kind {
            ProgramKind::Vertex => (
                &mut self.state.vertex_constants,
                &mut self.state.constants_changed[0],
            ),
            ProgramKind::Fragment => (
                &mut self.state.fragment_constants,
                &mut self.state.constants_changed[1],
            ),
        };
        let first = usize::try_from(first).map_err(|_| Context3DError::IndexOutOfBounds)?;
        let end = first.saturating_add(count);
        let target = file
            .get_mut(first..end)
            .ok_or(Context3DError::IndexOutOfBounds)?;
        if fill(target) {
            changed.add(first, end);
        }
        Ok(())
    }
}

/// Calls of up to this many registers are compared with the file, so that values written
/// again (a matrix set before every draw) send nothing. Larger calls (bone palettes, which
/// change every frame) count as changed without comparing: the comparison would cost more
/// than the upload it might save.
const COMPARED_REGISTERS: usize = 16;

/// Overwrites `target` with `values` (as long as each other); whether any bit changed (a NaN
/// written twice is no change, -0 after 0 is one), or `true` without comparing for more than
/// [`COMPARED_REGISTERS`] registers. No early exit, so the compiler vectorizes both loops.
fn overwrite<T: Copy>(target: &mut [[f32; 4]], values: &[T], as_f32: impl Fn(T) -> f32) -> bool {
    let target = target.as_flattened_mut();
    if target.len() > 4 * COMPARED_REGISTERS {
        for (t, v) in target.iter_mut().zip(values) {
            *t = as_f32(*v);
        }
        return true;
    }
    let mut diff = 0u32;
    for (t, v) in target.iter_mut().zip(values) {
        let v = as_f32(*v);
        diff |= t.to_bits() ^ v.to_bits();
        *t = v;
    }
    diff != 0
}

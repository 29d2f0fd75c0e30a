//! Flash Player's runtime errors: the one table of IDs and message templates, and the
//! value every layer of Molehill maps its typed errors to.
//!
//! The templates are Flash Player's own strings (see `shared/reference/agal-reference.md`,
//! section 2.5), placeholders `%1`..`%4` included. Every crate that raises a Flash error
//! (agal's validator, context3d's argument and draw checks, molehill-player) builds it through
//! [`FlashError::new`], so an ID's text lives here and nowhere else.

use std::fmt;

/// The ActionScript class of a thrown error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// `Error`
    Error,
    /// `ArgumentError`
    ArgumentError,
    /// `RangeError`
    RangeError,
    /// `TypeError`
    TypeError,
}

impl ErrorClass {
    /// The class name as ActionScript prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorClass::Error => "Error",
            ErrorClass::ArgumentError => "ArgumentError",
            ErrorClass::RangeError => "RangeError",
            ErrorClass::TypeError => "TypeError",
        }
    }
}

impl fmt::Display for ErrorClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error as Flash Player throws it: class, ID and the full message
/// (`"Error #3647: AGAL validation failed: ..."`, which is what `error.message` holds in AS3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlashError {
    /// The ActionScript class.
    pub class: ErrorClass,
    /// The error ID (`errorID` in AS3).
    pub id: u32,
    /// `"Error #<id>: <text>"`, placeholders filled in.
    pub message: String,
}

impl FlashError {
    /// Builds the error `id` of class `class`, filling `%1`, `%2`, ... with `args` in order.
    ///
    /// An ID missing from the table (a programming error in Molehill, never an input error)
    /// still gives a usable message rather than a panic.
    pub fn new(class: ErrorClass, id: u32, args: &[&str]) -> FlashError {
        let text = match template(id) {
            Some(t) => fill(t, args),
            None => {
                log::warn!("Flash error #{id} has no message template");
                String::from("Unknown error.")
            }
        };
        FlashError {
            class,
            id,
            message: format!("Error #{id}: {text}"),
        }
    }

    /// `Error` class shorthand.
    pub fn error(id: u32, args: &[&str]) -> FlashError {
        FlashError::new(ErrorClass::Error, id, args)
    }

    /// `ArgumentError` class shorthand.
    pub fn argument(id: u32, args: &[&str]) -> FlashError {
        FlashError::new(ErrorClass::ArgumentError, id, args)
    }
}

impl fmt::Display for FlashError {
    /// `"Error: Error #3620: ..."`, the line Flash Player's debugger prints for an uncaught error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.class, self.message)
    }
}

impl std::error::Error for FlashError {}

/// Replaces `%1`..`%9` by `args[0]`..; a placeholder with no argument becomes the empty string
/// (Flash does the same: `"for  program"` when #3615 has no program type).
fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut chars = template.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c == '%' {
            if let Some(&(_, d)) = chars.peek() {
                if let Some(n) = d.to_digit(10).filter(|n| *n >= 1) {
                    chars.next();
                    out.push_str(args.get(n as usize - 1).copied().unwrap_or(""));
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

/// The message template of error `id`, exactly as Flash Player prints it.
pub fn template(id: u32) -> Option<&'static str> {
    MESSAGES
        .binary_search_by_key(&id, |(i, _)| *i)
        .ok()
        .map(|i| MESSAGES[i].1)
}

/// Every runtime error ID Molehill can raise, with Flash Player's text (sorted by ID).
const MESSAGES: &[(u32, &str)] = &[
    (2004, "One of the parameters is invalid."),
    (2005, "Parameter %1 is of the incorrect type. Should be type %2."),
    (2006, "The supplied index is out of bounds."),
    (2007, "Parameter %1 must be non-null."),
    (2008, "Parameter %1 must be one of the accepted values."),
    (2015, "Invalid BitmapData."),
    (2030, "End of file was encountered."),
    (2037, "Functions called in incorrect sequence, or earlier call was unsuccessful."),
    (2085, "Parameter %1 must be non-empty string."),
    (3500, "The extension context does not have a method with the name %1."),
    (3501, "The extension context has already been disposed."),
    (3502, "The extension returned an invalid value."),
    (3503, "The extension was left in an invalid state."),
    (3600, "No valid program set."),
    (3601, "No valid index buffer set."),
    (3602, "Sanity check on parameters failed, %1 triangles and %2 index offset."),
    (3603, "Not enough indices in this buffer. %1 triangles at offset %2, but there are only %3 indices in buffer."),
    (3604, "Sampler %1 binds a texture that is also bound for render to texture."),
    (3605, "Sampler %1 binds an invalid texture."),
    (3606, "Sampler %1 format does not match texture format."),
    (3607, "Stream %1 is set but not used by the current vertex program."),
    (3608, "Stream %1 is invalid."),
    (3609, "Stream %1 does not have enough vertices."),
    (3610, "Stream %1 vertex offset is out of bounds"),
    (3611, "Stream %1 is read by the current vertex program but not set."),
    (3612, "Programs must be in little endian format."),
    (3613, "The native shader compilation failed."),
    (3614, "The native shader compilation failed.enGL specific: %1"),
    (3615, "AGAL validation failed: Program size below minimum length for %1 program."),
    (3616, "AGAL validation failed: Not an AGAL program. Wrong magic byte for %1 program."),
    (3617, "AGAL validation failed: Bad AGAL version for %1 program. Current version is %2."),
    (3618, "AGAL validation failed: Bad AGAL program type identifier for %1 program."),
    (3619, "AGAL validation failed: Shader type must be either fragment or vertex for %1 program."),
    (3620, "AGAL validation failed: Invalid opcode, value out of range: %2 at token %3 of %1 program."),
    (3621, "AGAL validation failed: Invalid opcode, %2 is not implemented in this version at token %3 of %1 program."),
    (3622, "AGAL validation failed: Opcode %2 only allowed in fragment programs at token %3 of %1 program."),
    (3623, "AGAL validation failed: Block nesting underflow - EIF without opening IF condition. At token %3 of %1 program."),
    (3624, "AGAL validation failed: Block nesting overflow. Too many nested IF blocks. At token %3 of %1 program."),
    (3625, "AGAL validation failed: Bad AGAL source operands. Both are constants (this must be precomputed) at token %2 of %1 program."),
    (3626, "AGAL validation failed: Opcode %2, both operands are indirect reads at token %3 of %1 program."),
    (3627, "AGAL validation failed: Opcode %2 destination operand must be all zero at token %3 of %1 program."),
    (3628, "AGAL validation failed: The destination operand for the %2 instruction must mask w (use .xyz or less) at token %3 of %1 program."),
    (3629, "AGAL validation failed: Too many tokens (%2) for %1 program."),
    (3630, "Fragment shader type is not fragment."),
    (3631, "Vertex shader type is not vertex."),
    (3632, "AGAL linkage: Varying %1 is read in the fragment shader but not written to by the vertex shader."),
    (3633, "AGAL linkage: Varying %1 is only partially written to. Must write all four components."),
    (3634, "AGAL linkage: Fragment output needs to write to all components."),
    (3635, "AGAL linkage: Vertex output needs to write to all components."),
    (3636, "AGAL validation failed: Unused operand is not set to zero for %2 at token %3 of %1 program."),
    (3637, "AGAL validation failed: Sampler registers only allowed in fragment programs for %2 at token %3 of %1 program."),
    (3638, "AGAL validation failed: Sampler register only allowed as second operand in texture instructions for %2 at token %3 of %1 program."),
    (3639, "AGAL validation failed: Indirect addressing only allowed in vertex programs for %2 at token %3 of %1 program."),
    (3640, "AGAL validation failed: Indirect addressing only allowed into constant registers for %2 at token %3 of %1 program."),
    (3641, "AGAL validation failed: Indirect addressing not allowed for this operand in this instruction for %2 at token %3 of %1 program."),
    (3642, "AGAL validation failed: Indirect source type must be attribute, constant or temporary for %2 at token %3 of %1 program."),
    (3643, "AGAL validation failed: Indirect addressing fields must be zero for direct addressing for %2 at token %3 of %1 program."),
    (3644, "AGAL validation failed: Varying registers can only be read in fragment programs for %2 at token %3 of %1 program."),
    (3645, "AGAL validation failed: Attribute registers can only be read in vertex programs for %2 at token %3 of %1 program."),
    (3646, "AGAL validation failed: Can not read from output register for %2 at token %3 of %1 program."),
    (3647, "AGAL validation failed: Temporary register read without being written to for %2 at token %3 of %1 program."),
    (3648, "AGAL validation failed: Temporary register component read without being written to for %2 at token %3 of %1 program."),
    (3649, "AGAL validation failed: Sampler registers can not be written to for %2 at token %3 of %1 program."),
    (3650, "AGAL validation failed: Varying registers can only be written in vertex programs for %2 at token %3 of %1 program."),
    (3651, "AGAL validation failed: Attribute registers can not be written to for %2 at token %3 of %1 program."),
    (3652, "AGAL validation failed: Constant registers can not be written to for %2 at token %3 of %1 program."),
    (3653, "AGAL validation failed: Destination writemask is zero for %2 at token %3 of %1 program."),
    (3654, "AGAL validation failed: Reserve bits should be zero for %2 at token %3 of %1 program."),
    (3655, "AGAL validation failed: Unknown register type for %2 at token %3 of %1 program."),
    (3656, "AGAL validation failed: Sampler register index out of bounds for %2 at token %3 of %1 program."),
    (3657, "AGAL validation failed: Varying register index out of bounds for %2 at token %3 of %1 program."),
    (3658, "AGAL validation failed: Attribute register index out of bounds for %2 at token %3 of %1 program."),
    (3659, "AGAL validation failed: Constant register index out of bounds for %2 at token %3 of %1 program."),
    (3660, "AGAL validation failed: Output register index out of bounds for %2 at token %3 of %1 program."),
    (3661, "AGAL validation failed: Temporary register index out of bounds for %2 at token %3 of %1 program."),
    (3662, "AGAL validation failed: Cube map samplers must set wrapping to clamp mode for %2 at token %3 of %1 program."),
    (3663, "Sampler %1 binds an undefined texture."),
    (3664, "AGAL validation failed: Unknown sampler dimension %4 for %2 at token %3 of %1 program."),
    (3665, "AGAL validation failed: Unknown filter mode in sampler: %4 for %2 at token %3 of %1 program."),
    (3666, "AGAL validation failed: Unknown mipmap mode in sampler: %4 for %2 at token %3 of %1 program."),
    (3667, "AGAL validation failed: Unknown wrapping mode in sampler: %4 for %2 at token %3 of %1 program."),
    (3668, "AGAL validation failed: Unknown special flag used in sampler: %4 for %2 at token %3 of %1 program."),
    (3669, "Bad input size."),
    (3670, "Buffer too big."),
    (3671, "Buffer has zero size."),
    (3672, "Buffer creation failed. Internal error."),
    (3673, "Cube side must be [0..5]."),
    (3674, "Miplevel too large."),
    (3675, "Texture format mismatch."),
    (3676, "Platform does not support desired texture format."),
    (3677, "Texture decoding failed. Internal error."),
    (3678, "Texture needs to be square."),
    (3679, "Texture size does not match."),
    (3680, "Depth texture not implemented yet."),
    (3681, "Texture size is zero."),
    (3682, "Texture size not a power of two."),
    (3683, "Texture too big (max is %1x%1)."),
    (3684, "Texture creation failed. Internal error."),
    (3685, "Could not create renderer."),
    (3686, "'disabled' format only valid with a null vertex buffer."),
    (3687, "Null vertex buffers require the 'disabled' format."),
    (3688, "You must add an event listener for the context3DCreate event before requesting a new Context3D."),
    (3689, "You can not swizzle second operand for %2 at token %3 of %1 program."),
    (3690, "Too many draw calls before calling present."),
    (3691, "Resource limit for this resource type exceeded."),
    (3692, "All buffers need to be cleared every frame before drawing."),
    (3693, "AGAL validation failed: Sampler register must be used for second operand in texture instructions for %2 at token %3 of %1 program."),
    (3694, "The object was disposed by an earlier call of dispose() on it."),
    (3695, "A texture can only be bound to multiple samplers if the samplers also have the exact same properties. Mismatch at samplers %1 and %2."),
    (3696, "AGAL validation failed: Second use of sampler register needs to specify the exact same properties. At token %3 of %1 program."),
    (3697, "A texture is bound on sampler %1 but not used by the fragment program."),
    (3698, "The back buffer is not configured."),
    (3699, "Requested Operation failed to complete"),
    (3700, "A texture sampler binds an incomplete texture. Make sure to upload(). All miplevels are required when mipmapping is enabled."),
    (3701, "The output color register can not use a write mask. All components must be written."),
    (3702, "Context3D not available."),
    (3703, "AGAL validation failed: Source swizzle must be scalar (one of: xxxx, yyyy, zzzz, wwww) for %2 at token %3 of %1 program."),
    (3704, "AGAL validation failed: Cube map samplers must enable mipmapping for %2 at token %3 of %1 program."),
    (3705, "Cubemap texture too big (max is 1024x1024)."),
    (3706, "Scissor rectangle is set but does not intersect the framebuffer."),
    (3707, "Property can not be set in non full screen mode."),
    (3708, "Feature not available on this platform."),
    (3709, "The depthAndStencil flag in the application descriptor must match the enableDepthAndStencil Boolean passed to configureBackBuffer on the Context3D object."),
    (3710, "Requested Stage3D Operation failed to complete."),
    (3711, "The streaming levels is too large."),
    (3712, "Rendering to streaming textures is not allowed."),
    (3713, "Incomplete streaming texture (base level not uploaded) used with no mip sampling."),
    (3714, "ApplicationDomain.domainMemory is not available."),
    (3715, "Too many instructions used in native shader. Detected %3 but can only support %2 for %1 program."),
    (3716, "Too many ALU instructions in native shader. Detected %3 but can only support %2 for %1 program."),
    (3717, "Too many texture instructions in native shader. Detected %3 but can only support %2 for %1 program."),
    (3718, "Too many constants used in native shader. Detected %3 but can only support %2 for %1 program."),
    (3719, "Too many temporary registers used in native shader. Detected %3 but can only support %2 for %1 program."),
    (3720, "Too many varying registers used in native shader. Detected %3 but can only support %2 for %1 program."),
    (3721, "Too many indirect texture reads in native shader. Detected %3 but can only support %2 for %1 program."),
    (3722, "Event.FRAME_LABEL event can only be registered with FrameLabel object."),
    (3723, "Invalid Context3D bounds. Context3D instance bounds must be contained within Stage bounds in constrained mode. Requested Context3D bounds were (%1,%2,%3,%4), stage bounds are (%5,%6,%7,%8)."),
    (3724, "This call requires a Context3D that is created with the standard profile."),
    (3725, "The requested AGAL version (%2) is not valid under the Context3D profile. For example AGAL version 2 requires standard profile."),
    (3726, "AGAL validation failed: Opcode %2 requires AGAL version to be at least 2, at token %3 of %1 program."),
    (3727, "Failed to obtain authorization token."),
    (3728, "When rendering to multiple textures slot 0 must be active. When rendering to the back buffer all render to texture slots must be disabled."),
    (3729, "When rendering to multiple textures all textures must have the same dimension and render settings."),
    (3730, "When rendering to multiple textures the same texture (or cube map face) may not be bound into multiple slots."),
    (3731, "This feature is not available within this context."),
    (3732, "Worker.terminate is only available for background workers."),
    (3735, "This API cannot accept shared ByteArrays."),
    (3736, "MessageChannel is not a sender."),
    (3737, "MessageChannel is not a receiver."),
    (3738, "MessageChannel is closed."),
    (3739, "AGAL validation failed: Open conditional block at end of %1 program."),
    (3740, "AGAL validation failed: Texture samplers used in the TED instruction can not specify a lod bias. At token %3 of %1 program."),
    (3741, "AGAL validation failed: TEX instructions in an if block can not use computed texture coordinates. Either use interpolated texture coordinates or use the TED instruction instead. At token %3 of %1 program."),
    (3742, "AGAL validation failed: DDX and DDY opcodes are not allowed inside conditional blocks. At token %3 of %1 program."),
    (3743, "AGAL validation failed: The TED opcode must enable mip mapping. At token %3 of %1 program."),
    (3744, "AGAL validation failed: Color output written to multiple times. At token %3 of %1 program."),
    (3745, "Compressed texture size is too small. The minimum size for compressed textures is 4x4."),
    (3746, "Rendering to compressed textures is not allowed."),
    (3747, "Multiple application domains are not supported on this operating system."),
    (3748, "AGAL validation failed: Empty conditional branch in AGAL of %1 program."),
    (3749, "AGAL validation failed: Depth output register index out of bounds for %2 at token %3 of %1 program."),
    (3750, "AGAL validation failed: Depth output register is only available in fragment programs."),
    (3751, "AGAL validation failed: Output registers can not be written inside conditionals."),
    (3752, "AGAL validation failed: Broken else chain."),
    (3753, "Rectangle or cube textures require textures sampling to be set to clamp."),
    (3754, "Texture sampler dimensions mismatch. The AGAL declaration has to match the texture used."),
    (3755, "Rectangle textures have to disable mip mapping and can not have a lod bias set."),
    (3756, "AGAL validation failed: Depth output must set only x as a write mask. At token %3 of %1 program."),
    (3757, "AGAL validation failed: Vertex and fragment program need to have the same version."),
    (3758, "AGAL validation failed: Conditional source are exactly the same, condition is constant. At token %3 of %1 program."),
    (3759, "The selected texture format is not valid in this profile."),
    (3760, "The color output index is out of range."),
    (3761, "The bit depth of all textures used for render to texture must be exactly the same."),
    (3762, "This texture format is not supported for rectangle textures."),
    (3763, "Sampler %1 binds a texture that that does not match the read mode specified in AGAL. Reading compressed or single/dual channel textures must be explicitly declared."),
    (3764, "Reloading a SWF is not supported on this operating system."),
    (3765, "This call requires a Context3D that is created with the baseline or baselineExtended profile."),
    (3766, "RectangleTexture too big (max is the larger of %1x%1 or the size of the backbuffer)."),
    (3767, "The argument samples is too big. More than 1800 seconds of audio data is not permitted in a single call of loadPCMFromByteArray."),
    (3768, "The Stage3D API may not be used during background execution on this operating system."),
    (3769, "Security sandbox violation: Only simple headers can be used with navigateToUrl() or sendToUrl()."),
    (3770, "ColorOutputIndex must be in the range [0..3]."),
    (3771, "2D textures need to have surfaceSelector = 0."),
    (3772, "Cube textures need to have surfaceSelector [0..5]."),
    (3773, "Rectangle textures need to have surfaceSelector = 0."),
    (3774, "All the assigned render targets should match the outputs in the fragment program."),
    (3775, "AGAL validation failed: Non-consecutive slots are not allowed."),
    (3776, "Depth output in fragment program requires depthAndStencil = true."),
    (3777, "Buffers need to be cleared before first draw."),
    (3778, "Video textures have to disable mip mapping and can not have a LOD bias set."),
    (3779, "This call requires a Context3D that is created with the standard profile or above"),
    (3780, "Requested width of backbuffer is not in allowed range %1 to %2."),
    (3781, "Requested height of backbuffer is not in allowed range %1 to %2."),
    (3782, "This call requires a Context3D that is created with the baseline profile or above."),
    (3783, "A Stage object cannot be added as the child of another object."),
    (3784, "The number of instances per element should be greater than 0."),
    (3785, "Vertex buffer stream %1 does not contain enough elements for number of instances."),
    (3786, "AGAL validation failed: Instance id register can not be written to for %2 at token %3 of %1 program."),
    (3787, "This call requires a Context3D that is created with the standard extended profile or above."),
    (3788, "Instance id register can only be read in the vertex shader."),
    (3789, "AGAL validation failed: Instance id register is supported in Agal version 3 and above."),
    (3790, "Texture upload failed."),
    (3791, "Asynchronous upload is available for miplevel 0 only."),
    (3792, "Vertex buffer stream %1 for instances is improperly set at first index."),
    (3800, "This call requires %1 permission."),
    (3801, "Another permission request is in progress."),
    (3802, "Offset outside stage coordinate bound."),
    (3803, "AGAL validation failed: Opcode %2 only allowed in vertex programs at token %3 of %1 program."),
    (3804, "AGAL validation failed: Anistropic Filter is not allowed in Vertex Texture Sampler."),
    (3805, "AGAL validation failed: Vertex Texture Fetch is supported in Agal version 4 and above."),
    (3806, "ByteArray.shareable is no longer supported. Learn more at https://www.adobe.com/go/fp-spectre"),
    (3807, "Worker.start has been disabled by the user. Learn more at https://www.adobe.com/go/fp-spectre"),];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        assert!(MESSAGES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(MESSAGES.len(), 212);
    }

    #[test]
    fn fills_placeholders() {
        let e = FlashError::error(3647, &["fragment", "source operand 1", "3"]);
        assert_eq!(
            e.message,
            "Error #3647: AGAL validation failed: Temporary register read without being \
             written to for source operand 1 at token 3 of fragment program."
        );
        assert_eq!(e.to_string(), format!("Error: {}", e.message));
    }

    #[test]
    fn missing_argument_is_empty() {
        let e = FlashError::argument(3615, &[]);
        assert_eq!(
            e.message,
            "Error #3615: AGAL validation failed: Program size below minimum length for  program."
        );
        assert_eq!(e.class, ErrorClass::ArgumentError);
    }

    #[test]
    fn odd_ids_and_percent_signs() {
        assert_eq!(
            template(3614),
            Some("The native shader compilation failed.enGL specific: %1")
        );
        assert!(template(1).is_none());
        assert_eq!(fill("100% %0 %2", &["a"]), "100% %0 ");
    }
}

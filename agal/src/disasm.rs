//! The disassembler: canonical assembly that re-assembles to identical bytes.
//!
//! ```text
//! // fragment program, AGAL version 1
//! tex ft0, v0, fs0 <2d,rgba,repeat,linear,miplinear>
//! mul ft0.xyz, ft0, fc0.x
//! mov oc, ft0
//! ```
//!
//! Lower case, one instruction per line, `op`/`oc`/`fd`/`iid` without a number when it is 0,
//! `vc`/`fc` (and the other pairs) after the program's stage ([`RegisterType::prefix`]), masks
//! and swizzles in short form (`.xy` for xyyy), every sampler option spelled out (dimension,
//! format, wrap, filter, mip, then the special flags and a non-zero LOD bias in levels), so
//! that a `tex` line never depends on an earlier one. The first line is a comment naming the
//! kind and version. A decoded program that Adobe's syntax cannot express (a register outside
//! its stage or range, an empty write mask, `ddx` in version 1, ...) is still printed; such a
//! line ends with `// does not re-assemble: <why>`.

use std::fmt::Write;

use crate::asm::{assemble, MAX_INSTRUCTIONS};
use crate::model::{
    Destination, Instruction, Operands, Program, ProgramKind, RegisterType, Sampler, Source,
};

/// Canonical assembly of `program`: lower case, one instruction per line, re-assembling (in
/// strict mode, at the program's kind and version) to the same bytes.
pub fn disassemble(program: &Program) -> String {
    let mut out = format!(
        "// {} program, AGAL version {}\n",
        program.kind, program.version
    );
    if program.instructions.len() > MAX_INSTRUCTIONS {
        let _ = writeln!(
            out,
            "// does not re-assemble: {} instructions, the assembler takes at most {MAX_INSTRUCTIONS}",
            program.instructions.len()
        );
    }
    for ins in &program.instructions {
        let line = disassemble_instruction(ins, program.kind);
        out.push_str(&line);
        match assemble(&line, program.kind, program.version) {
            Ok(p) if p.instructions == [*ins] => {}
            Ok(_) => out.push_str("  // does not re-assemble: assembles to different bytes"),
            Err(e) => {
                let _ = write!(out, "  // does not re-assemble: {}", e.kind);
            }
        }
        out.push('\n');
    }
    out
}

/// One instruction, without a newline.
pub fn disassemble_instruction(ins: &Instruction, kind: ProgramKind) -> String {
    let mut s = String::from(ins.opcode.mnemonic());
    let mut parts: Vec<String> = Vec::with_capacity(3);
    match &ins.operands {
        Operands::Unary { dst, src } => {
            parts.push(destination(dst, kind));
            parts.push(source(src, kind));
        }
        Operands::Binary { dst, a, b } => {
            parts.push(destination(dst, kind));
            parts.push(source(a, kind));
            parts.push(source(b, kind));
        }
        Operands::Sample {
            dst,
            coord,
            sampler: smp,
        } => {
            parts.push(destination(dst, kind));
            parts.push(source(coord, kind));
            parts.push(sampler(smp, kind));
        }
        Operands::Compare { a, b } => {
            parts.push(source(a, kind));
            parts.push(source(b, kind));
        }
        Operands::Kill { src } => parts.push(source(src, kind)),
        Operands::Bare => {}
    }
    if !parts.is_empty() {
        s.push(' ');
        s.push_str(&parts.join(", "));
    }
    s
}

/// `ft0`, `op`, `oc1`, `fd`, `iid`: outputs, depth and instance id without a 0.
fn register(register: RegisterType, index: u16, kind: ProgramKind) -> String {
    let prefix = register.prefix(kind);
    let bare = matches!(
        register,
        RegisterType::Output | RegisterType::DepthOutput | RegisterType::InstanceId
    );
    if bare && index == 0 {
        prefix.to_string()
    } else {
        format!("{prefix}{index}")
    }
}

fn destination(d: &Destination, kind: ProgramKind) -> String {
    let mut s = register(d.register, d.index, kind);
    if d.mask.bits() == 0 {
        s.push('.');
    } else {
        let _ = write!(s, "{}", d.mask);
    }
    s
}

/// `vc5.xy`, or `vc[va2.x+5].xy` for a relative read.
fn source(src: &Source, kind: ProgramKind) -> String {
    let Some(index) = src.address.index_source() else {
        let number = src.direct_index().unwrap_or_default();
        return format!("{}{}", register(src.register, number, kind), src.swizzle);
    };
    // The index register always with its number: Adobe's assembler would read `vc[op.x+1]`'s
    // offset digits as the number.
    let mut s = format!(
        "{}[{}{}{}",
        src.register.prefix(kind),
        index.register.prefix(kind),
        index.direct_index().unwrap_or_default(),
        index.swizzle
    );
    let offset = src.address.offset();
    if offset != 0 {
        let _ = write!(s, "+{offset}");
    }
    let _ = write!(s, "]{}", src.swizzle);
    s
}

/// `fs0 <2d,rgba,clamp,nearest,mipnone>`, then special flags and the LOD bias if any.
fn sampler(smp: &Sampler, kind: ProgramKind) -> String {
    let mut words = vec![
        smp.dimension.word().to_string(),
        smp.format.word().to_string(),
        smp.wrap.word().to_string(),
        smp.filter.word().to_string(),
        smp.mip.word().to_string(),
    ];
    words.extend(smp.special.words().map(str::to_string));
    if smp.lod_bias != 0 {
        words.push(format!("{}", f64::from(smp.lod_bias) / 8.0));
    }
    format!(
        "{}{} <{}>",
        RegisterType::Sampler.prefix(kind),
        smp.index,
        words.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Version;

    #[test]
    fn lines_are_canonical() {
        let src = "m44 op, va0, vc0\nmov v0, vc[va2.x+5].xy\ndp4 vt0.xw, vc[vt1.w], va1.yzxw";
        let p = assemble(src, ProgramKind::Vertex, Version::V1).unwrap();
        assert_eq!(
            disassemble(&p),
            "// vertex program, AGAL version 1\n\
             m44 op, va0, vc0\n\
             mov v0, vc[va2.x+5].xy\n\
             dp4 vt0.xw, vc[vt1.w], va1.yzxw\n"
        );
    }

    #[test]
    fn sampler_options_are_spelled_out() {
        let src =
            "tex ft0, v0, fs3 <linear, cube, centroid, ignoresampler, -0.375, dxt5>\nmov oc, ft0";
        let p = assemble(src, ProgramKind::Fragment, Version::V1).unwrap();
        let text = disassemble(&p);
        assert!(text.contains(
            "tex ft0, v0, fs3 <cube,dxt5,clamp,linear,mipnone,centroid,ignoresampler,-0.375>"
        ));
        assert_eq!(
            assemble(&text, ProgramKind::Fragment, Version::V1).unwrap(),
            p
        );
    }

    #[test]
    fn too_long_programs_say_so() {
        let one = assemble("mov ft0, v0", ProgramKind::Fragment, Version::V1).unwrap();
        let p = Program {
            instructions: vec![one.instructions[0]; MAX_INSTRUCTIONS + 1],
            ..one
        };
        let text = disassemble(&p);
        assert!(text.lines().nth(1).unwrap().contains("4097 instructions"));
        assert!(assemble(&text, p.kind, p.version).is_err());
    }

    #[test]
    fn unexpressible_lines_say_so() {
        let p = Program {
            kind: ProgramKind::Fragment,
            version: Version::V1,
            instructions: assemble("mov vt0, va0", ProgramKind::Vertex, Version::V1)
                .unwrap()
                .instructions,
        };
        let text = disassemble(&p);
        assert!(text.contains("mov ft0, va0  // does not re-assemble: register operand 1 (va0) only allowed in vertex programs."), "{text}");
    }
}

//! Every error of the assembler with its line and column, and every quirk: refused in strict
//! mode, accepted in lenient mode with a warning at the same place and Adobe's bytes.

use molehill_agal::asm::{assemble, assemble_with, AsmError, AsmErrorKind as K, AsmOptions, Quirk};
use molehill_agal::{
    encode, Address, Filter, Opcode, Operands, Program, ProgramKind, RegisterType, Version,
};

use ProgramKind::{Fragment, Vertex};
use Version::{V1, V2};

fn strict_err(src: &str, kind: ProgramKind, version: Version) -> AsmError {
    match assemble(src, kind, version) {
        Ok(p) => panic!("{src:?} assembled: {p:?}"),
        Err(e) => e,
    }
}

fn lenient(src: &str, kind: ProgramKind, version: Version) -> molehill_agal::asm::Assembly {
    let options = AsmOptions::lenient(kind, version);
    assemble_with(src, &options).unwrap_or_else(|e| panic!("{src:?}: {e}"))
}

/// An Adobe error: the same in both modes, at `(line, column)`.
fn adobe_error(src: &str, kind: ProgramKind, version: Version, at: (usize, usize), expected: K) {
    let e = strict_err(src, kind, version);
    assert_eq!((e.line, e.column), at, "{src:?}: {e}");
    assert_eq!(e.kind, expected, "{src:?}");
    let options = AsmOptions::lenient(kind, version);
    assert_eq!(assemble_with(src, &options).unwrap_err(), e, "{src:?}");
}

/// A quirk: strict refuses it at `at`; lenient warns there and gives the program of
/// `adobe_equivalent` (assembled strictly).
fn quirk(
    src: &str,
    kind: ProgramKind,
    version: Version,
    at: (usize, usize),
    expected: Quirk,
    adobe_equivalent: &str,
) {
    let e = strict_err(src, kind, version);
    assert_eq!((e.line, e.column), at, "{src:?}: {e}");
    assert_eq!(e.kind, K::Strict(expected.clone()), "{src:?}");
    let a = lenient(src, kind, version);
    let w = a
        .warnings
        .iter()
        .find(|w| w.kind == expected)
        .unwrap_or_else(|| panic!("{src:?}: no warning {expected:?} in {:?}", a.warnings));
    assert_eq!((w.line, w.column), at, "{src:?}");
    let reference = assemble(adobe_equivalent, kind, version).unwrap();
    assert_eq!(encode(&a.program), encode(&reference), "{src:?}");
}

#[test]
fn display_says_line_and_column() {
    let e = strict_err("mov ft0, v0\n  ddx ft1, v0", Fragment, V1);
    assert_eq!(
        e.to_string(),
        "line 2, column 3: opcode requires version 2. (ddx)"
    );
}

#[test]
fn opcode_errors() {
    adobe_error(
        "mov ft0, v0\n  ddx ft1, v0",
        Fragment,
        V1,
        (2, 3),
        K::RequiresVersion2 {
            opcode: Opcode::Ddx,
        },
    );
    adobe_error(
        "tld ft0, v0, fs0 <2d>",
        Fragment,
        V2,
        (1, 1),
        K::OpcodeOnlyInVertexPrograms {
            opcode: Opcode::Tld,
        },
    );
    adobe_error(
        "\n\ttex vt0, va0, fs0",
        Vertex,
        V1,
        (2, 2),
        K::OpcodeOnlyInFragmentPrograms {
            opcode: Opcode::Tex,
        },
    );
    let src = "mov ft0, v0\n".repeat(4096) + "mov oc, ft0";
    adobe_error(&src, Fragment, V1, (4097, 1), K::TooManyOpcodes);
}

#[test]
fn operand_count_errors() {
    adobe_error(
        "mov ft0",
        Fragment,
        V1,
        (1, 1),
        K::WrongOperandCount {
            opcode: Opcode::Mov,
            found: 1,
            expected: 2,
        },
    );
    adobe_error(
        "mov ft0, v0, v1",
        Fragment,
        V1,
        (1, 14),
        K::WrongOperandCount {
            opcode: Opcode::Mov,
            found: 3,
            expected: 2,
        },
    );
    adobe_error(
        "els ft0",
        Fragment,
        V2,
        (1, 5),
        K::WrongOperandCount {
            opcode: Opcode::Els,
            found: 1,
            expected: 0,
        },
    );
}

#[test]
fn register_errors() {
    adobe_error(
        "mov FT0, v0",
        Fragment,
        V1,
        (1, 5),
        K::UnknownRegister {
            operand: 0,
            text: "FT0".into(),
        },
    );
    adobe_error(
        "mov ft0, fsd0",
        Fragment,
        V1,
        (1, 10),
        K::UnknownRegister {
            operand: 1,
            text: "fsd0".into(),
        },
    );
    adobe_error(
        "mov ft0, va0",
        Fragment,
        V1,
        (1, 10),
        K::RegisterOnlyInVertexPrograms {
            operand: 1,
            text: "va0".into(),
        },
    );
    adobe_error(
        "mov vt0, fc0",
        Vertex,
        V1,
        (1, 10),
        K::RegisterOnlyInFragmentPrograms {
            operand: 1,
            text: "fc0".into(),
        },
    );
    // Only vc can be relative, and vc is refused in fragment programs first.
    adobe_error(
        "mov ft0, vc[v0.x]",
        Fragment,
        V1,
        (1, 10),
        K::RegisterOnlyInVertexPrograms {
            operand: 1,
            text: "vc[v0.x]".into(),
        },
    );
    adobe_error(
        "mov vt8, va0",
        Vertex,
        V1,
        (1, 5),
        K::IndexOutOfRange {
            operand: 0,
            text: "vt8".into(),
            limit: 8,
        },
    );
    adobe_error(
        "mov oc1, ft0",
        Fragment,
        V1,
        (1, 5),
        K::IndexOutOfRange {
            operand: 0,
            text: "oc1".into(),
            limit: 1,
        },
    );
    // The index register's number is checked against vc's range, as Adobe does.
    adobe_error(
        "mov vt0, vc[va128.x]",
        Vertex,
        V1,
        (1, 10),
        K::IndexOutOfRange {
            operand: 1,
            text: "vc[va128.x]".into(),
            limit: 128,
        },
    );
}

#[test]
fn relative_errors() {
    adobe_error(
        "mov vc[va0.x], va0",
        Vertex,
        V1,
        (1, 5),
        K::RelativeDestination,
    );
    adobe_error(
        "mov vt0, vc[vad0.x]",
        Vertex,
        V1,
        (1, 10),
        K::BadIndexRegister {
            text: "vc[vad0.x]".into(),
        },
    );
    for src in [
        "mov vt0, vc[va0+5]",
        "mov vt0, vc[va0.X]",
        "mov vt0, vc[va0]",
    ] {
        let text = src[9..].to_string();
        adobe_error(src, Vertex, V1, (1, 10), K::MissingIndexComponent { text });
    }
    adobe_error(
        "mov vt0, vc[va0.x+256]",
        Vertex,
        V1,
        (1, 10),
        K::IndexOffsetOutOfRange { offset: 256 },
    );
}

#[test]
fn quirk_unknown_opcode() {
    for line in ["MOV ft0, v0", "m43 ft0, v0, fc0", "}", "1: mov ft0, v0"] {
        let src = format!("mov ft0, v0\n{line}\nmov oc, ft0");
        quirk(
            &src,
            Fragment,
            V1,
            (2, 1),
            Quirk::UnknownOpcode { text: line.into() },
            "mov ft0, v0\nmov oc, ft0",
        );
    }
}

#[test]
fn quirk_opcode_suffix() {
    quirk(
        "movx ft0, v0",
        Fragment,
        V1,
        (1, 1),
        Quirk::OpcodeSuffix {
            word: "movx".into(),
            opcode: Opcode::Mov,
        },
        "mov ft0, v0",
    );
}

#[test]
fn quirk_ignored_text() {
    quirk(
        "add ft0.xy, ft1,xy, fc1.zw",
        Fragment,
        V1,
        (1, 17),
        Quirk::IgnoredText { text: "xy".into() },
        "add ft0.xy, ft1, fc1.zw",
    );
    quirk(
        "mov ft3, ft3.xytz",
        Fragment,
        V1,
        (1, 16),
        Quirk::IgnoredText { text: "tz".into() },
        "mov ft3, ft3.xy",
    );
    quirk(
        "mov ft0, ft1.rgba",
        Fragment,
        V1,
        (1, 13),
        Quirk::IgnoredText {
            text: ".rgba".into(),
        },
        "mov ft0, ft1",
    );
    quirk(
        "tex ft0, v0, fs0 <2d;linear>",
        Fragment,
        V1,
        (1, 21),
        Quirk::IgnoredText { text: ";".into() },
        "tex ft0, v0, fs0 <2d,linear>",
    );
}

#[test]
fn quirk_unseparated_operand() {
    quirk(
        "mov ft0v0",
        Fragment,
        V1,
        (1, 8),
        Quirk::UnseparatedOperand { text: "v0".into() },
        "mov ft0, v0",
    );
}

#[test]
fn quirk_upper_case_swizzle() {
    quirk(
        "mov ft0, v0.XY",
        Fragment,
        V1,
        (1, 12),
        Quirk::UpperCaseSwizzle { text: ".XY".into() },
        "mov ft0, v0",
    );
    quirk(
        "mov ft0.xY, v0",
        Fragment,
        V1,
        (1, 8),
        Quirk::UpperCaseSwizzle { text: ".xY".into() },
        "mov ft0.x, v0",
    );
}

#[test]
fn quirk_not_a_sampler() {
    quirk(
        "tex ft0, v0, fc1 <2d>",
        Fragment,
        V1,
        (1, 14),
        Quirk::NotASampler { text: "fc1".into() },
        "tex ft0, v0, fs1 <2d>",
    );
}

#[test]
fn quirk_unchecked_index() {
    // uint("4294967296") is 0: Adobe writes va0.
    let src = "mov vt0, va4294967296";
    let e = strict_err(src, Vertex, V1);
    assert_eq!((e.line, e.column), (1, 10));
    assert!(matches!(e.kind, K::IndexOutOfRange { limit: 8, .. }), "{e}");
    let a = lenient(src, Vertex, V1);
    assert_eq!(a.program, assemble("mov vt0, va0", Vertex, V1).unwrap());
    assert_eq!(
        a.warnings[0].kind,
        Quirk::UncheckedIndex {
            text: "va4294967296".into(),
            written: 0
        }
    );
    // fd has no range in version 1 for Adobe; strict allows fd0 only.
    let e = strict_err("mov fd5, ft0.x", Fragment, V1);
    assert!(matches!(e.kind, K::IndexOutOfRange { limit: 1, .. }), "{e}");
    let a = lenient("mov fd70000, ft0.x", Fragment, V1);
    let Operands::Unary { dst, .. } = a.program.instructions[0].operands else {
        panic!()
    };
    assert_eq!(
        (dst.register, dst.index),
        (RegisterType::DepthOutput, (70000 - 65536) as u16)
    );
}

#[test]
fn quirk_offset_as_index_number() {
    let src = "mov vt0, vc[va.x+5]";
    let e = strict_err(src, Vertex, V1);
    assert_eq!((e.line, e.column), (1, 10));
    assert_eq!(
        e.kind,
        K::Strict(Quirk::OffsetAsIndexNumber {
            text: "vc[va.x+5]".into()
        })
    );
    let a = lenient(src, Vertex, V1);
    assert_eq!(
        a.program,
        assemble("mov vt0, vc[va5.x+5]", Vertex, V1).unwrap()
    );
}

fn sampler_filter_and_bias(p: &Program) -> (Filter, i8) {
    match p.instructions[0].operands {
        Operands::Sample { sampler, .. } => (sampler.filter, sampler.lod_bias),
        _ => panic!(),
    }
}

#[test]
fn quirk_sampler_options() {
    quirk(
        "tex ft0, v0, fs0 <2d, lienar>",
        Fragment,
        V1,
        (1, 23),
        Quirk::UnknownSamplerOption {
            word: "lienar".into(),
        },
        "tex ft0, v0, fs0 <2d>",
    );
    // An unknown word loses an earlier bias (NaN).
    quirk(
        "tex ft0, v0, fs0 <2.0, LINEAR>",
        Fragment,
        V1,
        (1, 24),
        Quirk::UnknownSamplerOption {
            word: "LINEAR".into(),
        },
        "tex ft0, v0, fs0 <>",
    );
    quirk(
        "tex ft0, v0, fs0 <16>",
        Fragment,
        V1,
        (1, 19),
        Quirk::LodBiasOutOfRange {
            word: "16".into(),
            byte: -128,
        },
        "tex ft0, v0, fs0 <-16>",
    );
    quirk(
        "tex ft0, v0, fs0 <linear, nearest>",
        Fragment,
        V1,
        (1, 27),
        Quirk::ConflictingSamplerOptions {
            first: "linear".into(),
            second: "nearest".into(),
        },
        "tex ft0, v0, fs0 <nearest>",
    );
    quirk(
        "tex ft0, v0, fs0 <1, 2>",
        Fragment,
        V1,
        (1, 22),
        Quirk::ConflictingSamplerOptions {
            first: "1".into(),
            second: "2".into(),
        },
        "tex ft0, v0, fs0 <2>",
    );
    let a = lenient("tex ft0, v0, fs0 <2.0, LINEAR>", Fragment, V1);
    assert_eq!(sampler_filter_and_bias(&a.program), (Filter::Nearest, 0));
}

#[test]
fn quirk_options_without_sampler() {
    // Options on a mov are kept and used by the next tex, as Adobe does.
    let src = "mov ft0, v0 <2d,linear>\ntex ft1, v0, fs0";
    let e = strict_err(src, Fragment, V1);
    assert_eq!((e.line, e.column), (1, 13));
    assert_eq!(e.kind, K::Strict(Quirk::SamplerOptionsWithoutSampler));
    let a = lenient(src, Fragment, V1);
    assert_eq!(
        sampler_filter_and_bias(&Program {
            instructions: a.program.instructions[1..].to_vec(),
            ..a.program.clone()
        }),
        (Filter::Linear, 0)
    );
    assert_eq!(
        a.warnings[1].kind,
        Quirk::InheritedSamplerOptions { from_line: 1 }
    );
    // A line of options only.
    quirk(
        "<2d,repeat>\ntex ft1, v0, fs0 <2d,repeat>",
        Fragment,
        V1,
        (1, 1),
        Quirk::SamplerOptionsWithoutSampler,
        "tex ft1, v0, fs0 <2d,repeat>",
    );
}

#[test]
fn relative_operands_keep_their_parts() {
    let p = assemble("mov vt0, vc[vt7.w+9].zx", Vertex, V1).unwrap();
    let Operands::Unary { src, .. } = p.instructions[0].operands else {
        panic!()
    };
    assert!(matches!(
        src.address,
        Address::Indirect {
            index_register: RegisterType::Temporary,
            index_number: 7,
            offset: 9,
            ..
        }
    ));
}

#[test]
fn odd_inputs_do_not_panic() {
    for src in [
        "",
        "\n\n\r\r\x0c\x0b",
        "//",
        "mov",
        "mov ,,,,",
        "tex ft0, v0, fs0 <",
        "tex ft0, v0, fs0 >",
        "tex ft0, v0, fs0 <<>>",
        "mov ft0, v0 // é <2d>",
        "mov ft0, vé0",
        "é",
        "mov vt0, vc[",
        "mov vt0, vc[]",
        "mov vt0, vc[va0.x+]",
        "mov vt0, vc[va0.x+1234]",
        "tex ft0, v0, fs99999999999999999999 <2d>",
        "tex ft0, v0, fs0 <0x, 1e400, -1e400, ..., +-1, Infinity>",
    ] {
        for kind in [Vertex, Fragment] {
            for version in Version::ALL {
                let _ = assemble(src, kind, version);
                let options = AsmOptions::lenient(kind, version);
                let _ = assemble_with(src, &options);
            }
        }
    }
}

/// The highest register number per name and version, docs/agal.md 3.1's table (strict mode:
/// `fd` is 0 in version 1): that number assembles, the next is `IndexOutOfRange`.
#[test]
fn register_ranges_follow_the_documented_table() {
    let table: [(&str, ProgramKind, [u16; 3]); 13] = [
        ("va", Vertex, [7, 7, 15]),
        ("vc", Vertex, [127, 249, 249]),
        ("vt", Vertex, [7, 25, 25]),
        ("op", Vertex, [0, 0, 0]),
        ("v", Vertex, [7, 9, 9]),
        ("v", Fragment, [7, 9, 9]),
        ("fc", Fragment, [27, 63, 199]),
        ("ft", Fragment, [7, 25, 25]),
        ("fs", Fragment, [15, 15, 15]),
        ("oc", Fragment, [0, 3, 3]),
        ("fd", Fragment, [0, 0, 0]),
        ("iid", Vertex, [0, 0, 0]),
        ("vs", Vertex, [3, 3, 3]),
    ];
    for (name, kind, highest) in table {
        for (version, highest) in Version::ALL.into_iter().zip(highest) {
            let line = |n: u16| format!("mov {name}{n}, {name}{n}");
            assert!(
                assemble(&line(highest), kind, version).is_ok(),
                "{} in version {version}",
                line(highest)
            );
            let e = strict_err(&line(highest + 1), kind, version);
            assert!(
                matches!(e.kind, K::IndexOutOfRange { limit, .. } if limit == u64::from(highest) + 1),
                "{} in version {version}: {e}",
                line(highest + 1)
            );
        }
    }
}

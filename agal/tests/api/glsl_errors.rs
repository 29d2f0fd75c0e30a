//! Every `GlslError` variant, matched by pattern: what a dialect cannot express is a typed
//! error, never broken GLSL, and malformed pairs are errors, never panics.

use molehill_agal::glsl::{translate, Dialect, Extension, Feature, GlslError, Options};
use molehill_agal::{
    Component, Destination, Dimension, Instruction, Opcode, Operands, Program, ProgramKind,
    RegisterType, Sampler, Source, Swizzle, Version, WriteMask,
};

fn asm(source: &str, kind: ProgramKind, version: Version) -> Program {
    molehill_agal::asm::assemble(source, kind, version).unwrap_or_else(|e| panic!("{source}: {e}"))
}

fn pair(vertex: &str, fragment: &str, version: Version) -> (Program, Program) {
    (
        asm(vertex, ProgramKind::Vertex, version),
        asm(fragment, ProgramKind::Fragment, version),
    )
}

const VERTEX: &str = "m44 op, va0, vc0\nmov v0, va1";

fn es100(allow_extensions: bool) -> Options {
    Options::new(Dialect::Es100).with_allow_extensions(allow_extensions)
}

macro_rules! check {
    ($result:expr, $pattern:pat) => {
        match $result {
            Err($pattern) => {}
            other => panic!("expected {}, got {other:?}", stringify!($pattern)),
        }
    };
}

#[test]
fn es100_without_extensions_lacks_depth_and_derivatives() {
    let (v, f) = pair(
        VERTEX,
        "mov ft0, v0\nmov fd.x, ft0.z\nmov oc, ft0",
        Version::V2,
    );
    check!(
        translate(&v, &f, &es100(false)),
        GlslError::MissingFeature {
            dialect: Dialect::Es100,
            feature: Feature::FragDepth,
            stage: ProgramKind::Fragment,
            instruction: 1,
        }
    );
    let shaders = translate(&v, &f, &es100(true)).expect("with GL_EXT_frag_depth");
    assert_eq!(shaders.reflection.extensions, vec![Extension::FragDepth]);
    assert!(shaders
        .fragment
        .contains("#extension GL_EXT_frag_depth : enable\n"));
    assert!(shaders.fragment.contains("gl_FragDepthEXT = ft0.z;"));
    assert!(shaders.reflection.depth_written);

    let (v, f) = pair(
        VERTEX,
        "mov ft0, v0\nddy ft1, ft0\nmov oc, ft1",
        Version::V2,
    );
    check!(
        translate(&v, &f, &es100(false)),
        GlslError::MissingFeature {
            feature: Feature::Derivatives,
            instruction: 1,
            ..
        }
    );
    let shaders = translate(&v, &f, &es100(true)).expect("with derivatives");
    assert_eq!(
        shaders.reflection.extensions,
        vec![Extension::StandardDerivatives]
    );
    assert!(shaders.reflection.y_flip_in_fragment);
    for dialect in [Dialect::Es300, Dialect::Glsl330] {
        let shaders = translate(&v, &f, &Options::new(dialect)).expect("core derivatives");
        assert!(shaders.reflection.extensions.is_empty());
        assert!(!shaders.fragment.contains("#extension"));
    }
}

#[test]
fn es100_has_no_mrt_instance_id_or_explicit_lod() {
    let (v, f) = pair(VERTEX, "mov oc0, v0\nmov oc1, v0", Version::V2);
    check!(
        translate(&v, &f, &es100(true)),
        GlslError::MissingFeature {
            feature: Feature::MultipleRenderTargets,
            instruction: 1,
            ..
        }
    );
    let (v, f) = pair(
        "add vt0, va0, iid\nmov op, vt0\nmov v0, va0",
        "mov oc, v0",
        Version::V3,
    );
    check!(
        translate(&v, &f, &es100(true)),
        GlslError::MissingFeature {
            feature: Feature::InstanceId,
            stage: ProgramKind::Vertex,
            ..
        }
    );
    let (v, f) = pair(
        VERTEX,
        "ted ft0, v0, fs0 <2d, linear, miplinear>\nmov oc, ft0",
        Version::V2,
    );
    check!(
        translate(&v, &f, &es100(true)),
        GlslError::MissingFeature {
            feature: Feature::TextureLod,
            ..
        }
    );
}

#[test]
fn kinds_and_versions_must_match() {
    let (v, f) = pair(VERTEX, "mov oc, v0", Version::V1);
    check!(
        translate(&f, &f, &Options::default()),
        GlslError::WrongKind {
            expected: ProgramKind::Vertex,
            found: ProgramKind::Fragment,
        }
    );
    check!(
        translate(&v, &v, &Options::default()),
        GlslError::WrongKind {
            expected: ProgramKind::Fragment,
            ..
        }
    );
    let f2 = asm("mov oc, v0", ProgramKind::Fragment, Version::V2);
    check!(
        translate(&v, &f2, &Options::default()),
        GlslError::VersionMismatch {
            vertex: Version::V1,
            fragment: Version::V2,
        }
    );
}

#[test]
fn varying_read_but_not_written() {
    let (v, f) = pair(VERTEX, "add oc, v0, v3", Version::V1);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::VaryingNotWritten { index: 3 }
    );
}

fn dst(register: RegisterType, index: u16, mask: WriteMask) -> Destination {
    Destination {
        register,
        index,
        mask,
    }
}

fn src(register: RegisterType, index: u16) -> Source {
    Source::direct(register, index, Swizzle::IDENTITY)
}

fn program(kind: ProgramKind, version: Version, instructions: &[(Opcode, Operands)]) -> Program {
    Program {
        kind,
        version,
        instructions: instructions
            .iter()
            .map(|(op, operands)| Instruction::new(*op, *operands).expect("shape"))
            .collect(),
    }
}

fn mov(d: Destination, s: Source) -> (Opcode, Operands) {
    (Opcode::Mov, Operands::Unary { dst: d, src: s })
}

#[test]
fn malformed_programs_are_typed_errors() {
    let v = asm(VERTEX, ProgramKind::Vertex, Version::V1);
    let oc = dst(RegisterType::Output, 0, WriteMask::ALL);
    let frag = |ins: &[(Opcode, Operands)]| program(ProgramKind::Fragment, Version::V1, ins);

    // Reading an output register.
    let f = frag(&[mov(oc, src(RegisterType::Output, 0))]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::BadRegister {
            register: RegisterType::Output,
            role: "source",
            instruction: 0,
            ..
        }
    );
    // Writing a varying in a fragment program.
    let f = frag(&[mov(
        dst(RegisterType::Varying, 0, WriteMask::ALL),
        src(RegisterType::Varying, 0),
    )]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::BadRegister {
            register: RegisterType::Varying,
            role: "destination",
            ..
        }
    );
    // ft8 in AGAL 1 (8 temporaries).
    let f = frag(&[mov(
        dst(RegisterType::Temporary, 8, WriteMask::ALL),
        src(RegisterType::Varying, 0),
    )]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::RegisterOutOfRange {
            register: RegisterType::Temporary,
            index: 8,
            limit: 8,
            ..
        }
    );
    // fc28 in AGAL 1 (28 constants), as the last row of a matrix.
    let f = frag(&[(
        Opcode::M44,
        Operands::Binary {
            dst: oc,
            a: src(RegisterType::Varying, 0),
            b: src(RegisterType::Constant, 25),
        },
    )]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::RegisterOutOfRange {
            register: RegisterType::Constant,
            index: 28,
            ..
        }
    );
    // nrm writing w.
    let f = frag(&[(
        Opcode::Nrm,
        Operands::Unary {
            dst: oc,
            src: src(RegisterType::Varying, 0),
        },
    )]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::InvalidMask {
            opcode: Opcode::Nrm,
            ..
        }
    );
    // A 3D sampler.
    let sampler = Sampler {
        dimension: Dimension::ThreeD,
        ..Sampler::default()
    };
    let f = frag(&[(
        Opcode::Tex,
        Operands::Sample {
            dst: oc,
            coord: src(RegisterType::Varying, 0),
            sampler,
        },
    )]);
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::UnsupportedDimension {
            dimension: Dimension::ThreeD,
            ..
        }
    );
    // tld in a vertex program.
    let v_tld = program(
        ProgramKind::Vertex,
        Version::V1,
        &[(
            Opcode::Tld,
            Operands::Sample {
                dst: dst(RegisterType::Output, 0, WriteMask::ALL),
                coord: src(RegisterType::Attribute, 0),
                sampler: Sampler::default(),
            },
        )],
    );
    let f = frag(&[mov(oc, src(RegisterType::Constant, 0))]);
    check!(
        translate(&v_tld, &f, &Options::default()),
        GlslError::UnsupportedOpcode {
            opcode: Opcode::Tld,
            stage: ProgramKind::Vertex,
            ..
        }
    );
    // Operands of the wrong shape for the opcode (fields are public, so it can be built).
    let f = Program {
        kind: ProgramKind::Fragment,
        version: Version::V1,
        instructions: vec![Instruction {
            opcode: Opcode::Add,
            operands: Operands::Unary {
                dst: oc,
                src: src(RegisterType::Varying, 0),
            },
        }],
    };
    check!(
        translate(&v, &f, &Options::default()),
        GlslError::UnsupportedOpcode {
            opcode: Opcode::Add,
            ..
        }
    );
    let f = frag(&[mov(oc, src(RegisterType::Constant, 0))]);
    // kil in a vertex program.
    let v_kil = program(
        ProgramKind::Vertex,
        Version::V1,
        &[(
            Opcode::Kil,
            Operands::Kill {
                src: Source::direct(RegisterType::Attribute, 0, Swizzle::scalar(Component::X)),
            },
        )],
    );
    check!(
        translate(&v_kil, &f, &Options::default()),
        GlslError::UnsupportedOpcode {
            opcode: Opcode::Kil,
            ..
        }
    );
}

#[test]
fn unbalanced_blocks() {
    let v = asm(VERTEX, ProgramKind::Vertex, Version::V2);
    let oc = dst(RegisterType::Output, 0, WriteMask::ALL);
    let x = Source::direct(RegisterType::Varying, 0, Swizzle::scalar(Component::X));
    let frag = |ins: &[(Opcode, Operands)]| program(ProgramKind::Fragment, Version::V2, ins);
    let open = (Opcode::Ife, Operands::Compare { a: x, b: x });
    let write = mov(oc, src(RegisterType::Varying, 0));
    for (instructions, at) in [
        (vec![write, (Opcode::Eif, Operands::Bare)], 1),
        (vec![(Opcode::Els, Operands::Bare), write], 0),
        (vec![open, write], 2),
        (
            vec![
                open,
                write,
                (Opcode::Eif, Operands::Bare),
                (Opcode::Eif, Operands::Bare),
            ],
            3,
        ),
    ] {
        match translate(&v, &frag(&instructions), &Options::default()) {
            Err(GlslError::UnbalancedBlock {
                stage: ProgramKind::Fragment,
                instruction,
            }) => assert_eq!(instruction, at),
            other => panic!("expected UnbalancedBlock at {at}, got {other:?}"),
        }
    }
}

#[test]
fn errors_read_well() {
    let e = GlslError::MissingFeature {
        dialect: Dialect::Es100,
        feature: Feature::MultipleRenderTargets,
        stage: ProgramKind::Fragment,
        instruction: 3,
    };
    assert_eq!(
        e.to_string(),
        "fragment program, instruction 3: es100 cannot express multiple render targets (oc1..oc3)"
    );
}

//! The assembler's dialect, without the corpus: every opcode, register and alias, masks and
//! swizzles, relative addressing, every sampler word, LOD bias, comments, line splitting,
//! optional commas, per-version ranges, and the exact bytes the reference records.

use molehill_agal::asm::{assemble, assemble_with, AsmOptions, Quirk};
use molehill_agal::{
    encode, Address, Component, Dimension, Filter, MipFilter, Opcode, Operands, Program,
    ProgramKind, RegisterType, Sampler, Shape, SpecialFlags, StageRule, TextureFormat, Version,
    Wrap,
};

use ProgramKind::{Fragment, Vertex};
use Version::{V1, V2, V3};

fn asm(src: &str, kind: ProgramKind, version: Version) -> Program {
    assemble(src, kind, version).unwrap_or_else(|e| panic!("{src:?}: {e}"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes after the header.
fn body(src: &str, kind: ProgramKind, version: Version) -> String {
    hex(&encode(&asm(src, kind, version))[7..])
}

fn only(p: &Program) -> &Operands {
    assert_eq!(p.instructions.len(), 1, "{p:?}");
    &p.instructions[0].operands
}

#[test]
fn reference_examples_byte_for_byte() {
    let v = encode(&asm("m44 op, va0, vc0\nmov v0, va1", Vertex, V1));
    assert_eq!(
        hex(&v),
        "a001000000a100".to_string()
            + "18000000"
            + "00000f03"
            + "000000e400000000"
            + "000000e401000000"
            + "00000000"
            + "00000f04"
            + "010000e400000000"
            + "0000000000000000"
    );
    let f = encode(&asm("mov oc, v0", Fragment, V1));
    assert_eq!(
        hex(&f),
        "a001000000a101".to_string()
            + "00000000"
            + "00000f03"
            + "000000e404000000"
            + "0000000000000000"
    );
    let t = body(
        "tex ft0, v0, fs0 <2d,repeat,linear,miplinear>",
        Fragment,
        V1,
    );
    assert_eq!(&t[32..], "0000000005001012");
    let r = body("mov vt0, vc[va0.x+5]", Vertex, V1);
    assert_eq!(&r[16..32], "000005e401000080");
}

#[test]
fn headers_carry_kind_and_version() {
    for version in Version::ALL {
        for kind in [Vertex, Fragment] {
            let b = encode(&asm("", kind, version));
            assert_eq!(
                b,
                [0xa0, version.number() as u8, 0, 0, 0, 0xa1, kind.code()]
            );
        }
    }
}

/// A line using `opcode` with operands of its shape, and the kind it is allowed in.
fn sample_line(opcode: Opcode) -> (String, ProgramKind) {
    let m = opcode.mnemonic();
    match (opcode.shape(), opcode.stage_rule()) {
        (Shape::Sample, StageRule::VertexOnly) => (format!("{m} vt0, va0, vs1 <2d>"), Vertex),
        (Shape::Sample, _) => (format!("{m} ft0, v0, fs1 <2d>"), Fragment),
        (Shape::Unary, StageRule::FragmentOnly) => (format!("{m} ft0, v1"), Fragment),
        (Shape::Unary, _) => (format!("{m} vt0, va1.x"), Vertex),
        (Shape::Binary, _) => (format!("{m} vt0.xyz, va1, vc2"), Vertex),
        (Shape::Compare, _) => (format!("{m} ft0.x, fc0.y"), Fragment),
        (Shape::Kill, _) => (format!("{m} ft0.x"), Fragment),
        (Shape::Bare, _) => (m.to_string(), Fragment),
    }
}

#[test]
fn every_opcode_assembles_with_its_code_and_shape() {
    assert_eq!(Opcode::ALL.len(), 43);
    for &opcode in Opcode::ALL {
        let (line, kind) = sample_line(opcode);
        let p = asm(&line, kind, V2);
        assert_eq!(p.instructions[0].opcode, opcode, "{line}");
        assert_eq!(only(&p).shape(), opcode.shape(), "{line}");
        let b = encode(&p);
        assert_eq!(b[7..11], opcode.code().to_le_bytes(), "{line}");
        // Unused parts are zero: no-destination opcodes have a zero destination field.
        if !opcode.shape().has_destination() {
            assert_eq!(b[11..15], [0, 0, 0, 0], "{line}");
        }
        // Version 1 refuses exactly the version 2 opcodes.
        let v1 = assemble(&line, kind, V1);
        assert_eq!(v1.is_err(), opcode.min_version() == V2, "{line}: {v1:?}");
        // The other stage refuses stage-bound opcodes.
        let other = if kind == Vertex { Fragment } else { Vertex };
        if opcode.stage_rule() != StageRule::Any {
            assert!(assemble(&line, other, V2).is_err(), "{line}");
        }
    }
}

#[test]
fn operand_layout_per_shape() {
    // ife: opcode, zero destination, source 1, source 2.
    assert_eq!(
        body("ife ft0.x, fc0.y", Fragment, V2),
        "1c000000".to_string() + "00000000" + "0000000002000000" + "0000005501000000"
    );
    // kil: opcode, zero destination, source, zero.
    assert_eq!(
        body("kil ft1.w", Fragment, V1),
        "27000000".to_string() + "00000000" + "010000ff02000000" + "0000000000000000"
    );
    // els and eif: opcode and 20 zero bytes.
    assert_eq!(
        body("els", Fragment, V2),
        "20".to_string() + &"0".repeat(46)
    );
    assert_eq!(
        body("eif", Fragment, V2),
        "21".to_string() + &"0".repeat(46)
    );
    // mov: destination, source, zero.
    assert_eq!(
        body("mov vt1.xy, vc3.zw", Vertex, V1),
        "00000000".to_string() + "01000302" + "030000fe01000000" + "0000000000000000"
    );
}

#[test]
fn every_register_name_and_alias() {
    let vertex = [
        ("va", RegisterType::Attribute),
        ("vc", RegisterType::Constant),
        ("vt", RegisterType::Temporary),
        ("vo", RegisterType::Output),
        ("op", RegisterType::Output),
        ("vi", RegisterType::Varying),
        ("v", RegisterType::Varying),
        ("i", RegisterType::Varying),
        ("fi", RegisterType::Varying),
        ("iid", RegisterType::InstanceId),
        ("vs", RegisterType::Sampler),
    ];
    for (name, ty) in vertex {
        let p = asm(&format!("mov vt0, {name}"), Vertex, V1);
        let Operands::Unary { src, .. } = only(&p) else {
            panic!()
        };
        assert_eq!(src.register, ty, "{name}");
        assert_eq!(src.direct_index(), Some(0));
    }
    let fragment = [
        ("fc", RegisterType::Constant),
        ("ft", RegisterType::Temporary),
        ("fs", RegisterType::Sampler),
        ("fo", RegisterType::Output),
        ("oc", RegisterType::Output),
        ("fd", RegisterType::DepthOutput),
        ("od", RegisterType::DepthOutput),
        ("v", RegisterType::Varying),
        ("vi", RegisterType::Varying),
        ("i", RegisterType::Varying),
        ("fi", RegisterType::Varying),
    ];
    for (name, ty) in fragment {
        let p = asm(&format!("mov {name}, ft1"), Fragment, V2);
        let Operands::Unary { dst, .. } = only(&p) else {
            panic!()
        };
        assert_eq!(dst.register, ty, "{name}");
        assert_eq!(dst.index, 0);
    }
    // Numbers follow the name; `op0` and `op` are the same.
    assert_eq!(
        asm("mov op0, va3", Vertex, V1),
        asm("mov op, va3", Vertex, V1)
    );
    let p = asm("mov ft7, fc27", Fragment, V1);
    let Operands::Unary { dst, src } = only(&p) else {
        panic!()
    };
    assert_eq!((dst.index, src.direct_index()), (7, Some(27)));
}

#[test]
fn per_version_register_ranges() {
    // (operand, kind, highest number in v1, v2, v3)
    let table: &[(&str, ProgramKind, [u32; 3])] = &[
        ("mov vt0, va", Vertex, [7, 7, 15]),
        ("mov vt0, vc", Vertex, [127, 249, 249]),
        ("mov vt0, vt", Vertex, [7, 25, 25]),
        ("mov vt0, v", Vertex, [7, 9, 9]),
        ("mov ft0, fc", Fragment, [27, 63, 199]),
        ("mov ft0, ft", Fragment, [7, 25, 25]),
        ("mov ft0, fs", Fragment, [15, 15, 15]),
        ("mov oc, ft0\nmov oc", Fragment, [0, 3, 3]),
        ("mov vt0, iid", Vertex, [0, 0, 0]),
        ("tld vt0, va0, vs", Vertex, [3, 3, 3]),
    ];
    for (prefix, kind, highest) in table {
        for (version, max) in Version::ALL.into_iter().zip(highest) {
            let ok = format!("{prefix}{max}");
            let ok = if prefix.contains("oc\n") || prefix.starts_with("mov oc") {
                format!("{ok}, ft0")
            } else {
                ok
            };
            assert!(assemble(&ok, *kind, version).is_ok(), "{ok} v{version}");
            let bad = ok.replacen(
                &format!("{prefix}{max}"),
                &format!("{prefix}{}", max + 1),
                1,
            );
            assert!(assemble(&bad, *kind, version).is_err(), "{bad} v{version}");
        }
    }
    // fd: Adobe's range is uint(-1) in version 1, so fd0 assembles there too.
    assert!(assemble("mov fd, ft0.x", Fragment, V1).is_ok());
    assert!(assemble("mov fd1, ft0.x", Fragment, V2).is_err());
}

#[test]
fn masks_and_swizzles() {
    let p = asm("add vt0.zzzz, va0.xy, va1.yzxw", Vertex, V1);
    let Operands::Binary { dst, a, b } = only(&p) else {
        panic!()
    };
    assert_eq!(dst.mask.bits(), 0b0100);
    assert_eq!(a.swizzle.bits(), 0x54); // xyyy
    assert_eq!(b.swizzle.bits(), 0xc9);
    let p = asm("mov vt0.wx, va0.w", Vertex, V1);
    let Operands::Unary { dst, src } = only(&p) else {
        panic!()
    };
    assert_eq!(dst.mask.bits(), 0b1001);
    assert_eq!(src.swizzle.bits(), 0xff);
    let p = asm("mov vt0, va0", Vertex, V1);
    let Operands::Unary { dst, src } = only(&p) else {
        panic!()
    };
    assert_eq!((dst.mask.bits(), src.swizzle.bits()), (0xf, 0xe4));
    let p = asm("mov vt0, va0.xyz", Vertex, V1);
    let Operands::Unary { src, .. } = only(&p) else {
        panic!()
    };
    assert_eq!(src.swizzle.bits(), 0xa4);
}

#[test]
fn relative_addressing() {
    let cases = [
        (
            "mov vt0, vc[va2.x+5]",
            RegisterType::Attribute,
            2,
            Component::X,
            5,
            0xe4,
        ),
        (
            "mov vt0, vc[va2.x]",
            RegisterType::Attribute,
            2,
            Component::X,
            0,
            0xe4,
        ),
        (
            "mov vt0, vc[vt1.w+255].xy",
            RegisterType::Temporary,
            1,
            Component::W,
            255,
            0x54,
        ),
        (
            "mov vt0, vc[vc3.z+0].xyzw",
            RegisterType::Constant,
            3,
            Component::Z,
            0,
            0xe4,
        ),
        (
            "mov vt0, vc[va.y]",
            RegisterType::Attribute,
            0,
            Component::Y,
            0,
            0xe4,
        ),
    ];
    for (src_text, index_register, index_number, component, offset, swizzle) in cases {
        let p = asm(src_text, Vertex, V1);
        let Operands::Unary { src, .. } = only(&p) else {
            panic!()
        };
        assert_eq!(src.register, RegisterType::Constant);
        assert_eq!(
            src.address,
            Address::Indirect {
                index_register,
                index_number,
                component,
                offset
            },
            "{src_text}"
        );
        assert_eq!(src.swizzle.bits(), swizzle);
    }
    // Also as a matrix operand.
    let p = asm("m44 op, va0, vc[va2.x]", Vertex, V1);
    let Operands::Binary { b, .. } = only(&p) else {
        panic!()
    };
    assert!(b.is_indirect());
}

fn sampler_of(options: &str) -> Sampler {
    let p = asm(&format!("tex ft0, v0, fs2 {options}"), Fragment, V1);
    match only(&p) {
        Operands::Sample { sampler, .. } => *sampler,
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_sampler_word() {
    let d = Sampler {
        index: 2,
        ..Sampler::default()
    };
    let table: &[(&str, Sampler)] = &[
        ("rgba", d),
        (
            "dxt1",
            Sampler {
                format: TextureFormat::Dxt1,
                ..d
            },
        ),
        (
            "compressed",
            Sampler {
                format: TextureFormat::Dxt1,
                ..d
            },
        ),
        (
            "dxt5",
            Sampler {
                format: TextureFormat::Dxt5,
                ..d
            },
        ),
        (
            "compressedalpha",
            Sampler {
                format: TextureFormat::Dxt5,
                ..d
            },
        ),
        (
            "video",
            Sampler {
                format: TextureFormat::Video,
                ..d
            },
        ),
        ("2d", d),
        (
            "cube",
            Sampler {
                dimension: Dimension::Cube,
                ..d
            },
        ),
        (
            "3d",
            Sampler {
                dimension: Dimension::ThreeD,
                ..d
            },
        ),
        (
            "centroid",
            Sampler {
                special: SpecialFlags::CENTROID,
                ..d
            },
        ),
        (
            "single",
            Sampler {
                special: SpecialFlags::SINGLE,
                ..d
            },
        ),
        (
            "ignoresampler",
            Sampler {
                special: SpecialFlags::IGNORE_SAMPLER,
                ..d
            },
        ),
        ("clamp", d),
        (
            "repeat",
            Sampler {
                wrap: Wrap::Repeat,
                ..d
            },
        ),
        (
            "wrap",
            Sampler {
                wrap: Wrap::Repeat,
                ..d
            },
        ),
        (
            "clamp_u_repeat_v",
            Sampler {
                wrap: Wrap::ClampURepeatV,
                ..d
            },
        ),
        (
            "repeat_u_clamp_v",
            Sampler {
                wrap: Wrap::RepeatUClampV,
                ..d
            },
        ),
        ("mipnone", d),
        ("nomip", d),
        (
            "mipnearest",
            Sampler {
                mip: MipFilter::Nearest,
                ..d
            },
        ),
        (
            "miplinear",
            Sampler {
                mip: MipFilter::Linear,
                ..d
            },
        ),
        ("nearest", d),
        (
            "linear",
            Sampler {
                filter: Filter::Linear,
                ..d
            },
        ),
        (
            "anisotropic2x",
            Sampler {
                filter: Filter::Anisotropic2x,
                ..d
            },
        ),
        (
            "anisotropic4x",
            Sampler {
                filter: Filter::Anisotropic4x,
                ..d
            },
        ),
        (
            "anisotropic8x",
            Sampler {
                filter: Filter::Anisotropic8x,
                ..d
            },
        ),
        (
            "anisotropic16x",
            Sampler {
                filter: Filter::Anisotropic16x,
                ..d
            },
        ),
    ];
    for (word, expected) in table {
        assert_eq!(sampler_of(&format!("<{word}>")), *expected, "{word}");
    }
    // Special flags accumulate; the others: the last word of a field wins (lenient for
    // conflicts; strict refuses them).
    let s = sampler_of("<centroid single ignoresampler>");
    assert_eq!(s.special.code(), 7);
    let options = AsmOptions::lenient(Fragment, V1);
    let a = assemble_with("tex ft0, v0, fs0 <linear, nearest>", &options).unwrap();
    let Operands::Sample { sampler, .. } = a.program.instructions[0].operands else {
        panic!()
    };
    assert_eq!(sampler.filter, Filter::Nearest);
}

#[test]
fn option_separators_and_lod_bias() {
    let expected = Sampler {
        index: 2,
        filter: Filter::Linear,
        mip: MipFilter::Nearest,
        lod_bias: 16,
        ..Sampler::default()
    };
    for options in [
        "<2d,clamp,linear,mipnearest,2.0>",
        "<2d linear mipnearest 2>",
        "< 2d , linear , mipnearest , +2.0 >",
        ", <2d,linear,mipnearest,2.0>",
        "<2d,linear,mipnearest,0x2>",
        "<2d,linear,mipnearest,20e-1>",
    ] {
        assert_eq!(sampler_of(options), expected, "{options}");
    }
    assert_eq!(
        asm("tex ft0, v0, fs2<2d,linear,mipnearest,2.0>", Fragment, V1),
        asm("tex ft0, v0, fs2 <2d,linear,mipnearest,2.0>", Fragment, V1)
    );
    assert_eq!(sampler_of("<-1>").lod_bias, -8);
    assert_eq!(sampler_of("<0.125>").lod_bias, 1);
    assert_eq!(sampler_of("<0.1>").lod_bias, 0); // int(0.8)
    assert_eq!(sampler_of("<-0.2>").lod_bias, -1); // int(-1.6)
    assert_eq!(sampler_of("<15.875>").lod_bias, 127);
    assert_eq!(sampler_of("<-16>").lod_bias, -128);
    assert_eq!(
        sampler_of("<>"),
        Sampler {
            index: 2,
            ..Sampler::default()
        }
    );
}

#[test]
fn a_tex_line_without_options_inherits_the_last_ones() {
    let src = "tex ft0, v0, fs0 <2d,repeat,linear>\ntex ft1, v0, fs1\nmov oc, ft1";
    let a = assemble_with(src, &AsmOptions::new(Fragment, V1)).unwrap();
    let Operands::Sample { sampler, .. } = a.program.instructions[1].operands else {
        panic!()
    };
    assert_eq!(
        (sampler.wrap, sampler.filter),
        (Wrap::Repeat, Filter::Linear)
    );
    assert_eq!(a.warnings.len(), 1);
    assert_eq!((a.warnings[0].line, a.warnings[0].column), (2, 14));
    assert_eq!(
        a.warnings[0].kind,
        Quirk::InheritedSamplerOptions { from_line: 1 }
    );
    // `<>` resets them.
    let src = "tex ft0, v0, fs0 <2d,repeat,linear>\ntex ft1, v0, fs1 <>";
    let p = asm(src, Fragment, V1);
    let Operands::Sample { sampler, .. } = p.instructions[1].operands else {
        panic!()
    };
    assert_eq!(
        sampler,
        Sampler {
            index: 1,
            ..Sampler::default()
        }
    );
}

#[test]
fn comments_lines_commas_and_spacing() {
    let reference = asm("m44 op, va0, vc0\nmov v0, va1", Vertex, V1);
    for src in [
        "m44 op, va0, vc0 // position\r\nmov v0, va1\n",
        "// header\n\n   m44 op, va0, vc0\r\r\n\tmov v0, va1   ",
        "m44 op va0 vc0\x0cmov v0,va1",
        "m44 op,va0,vc0\x0bmov  v0 ,  va1 //",
        "m44 vo, va0, vc0\nmov i0, va1",
        "m44 op0 , va0 ,vc0,\nmov vi0, va1,",
    ] {
        assert_eq!(asm(src, Vertex, V1), reference, "{src:?}");
    }
}

#[test]
fn versions_three_and_two() {
    // va8..va15 and fc64..fc199 need version 3; ft8..ft25 need 2.
    assert!(assemble("mov vt0, va15", Vertex, V3).is_ok());
    assert!(assemble("mov vt0, va15", Vertex, V2).is_err());
    assert!(assemble("mov ft0, fc199", Fragment, V3).is_ok());
    assert!(assemble("mov ft0, fc199", Fragment, V2).is_err());
    assert!(assemble("mov ft25, ft0", Fragment, V2).is_ok());
    assert!(assemble("mov ft25, ft0", Fragment, V1).is_err());
    // MRT outputs in version 2.
    let p = asm("mov oc3, ft0", Fragment, V2);
    let Operands::Unary { dst, .. } = only(&p) else {
        panic!()
    };
    assert_eq!((dst.register, dst.index), (RegisterType::Output, 3));
}

#[test]
fn four_thousand_ninety_six_instructions() {
    let src = "mov ft0, v0\n".repeat(4096);
    assert_eq!(asm(&src, Fragment, V1).instructions.len(), 4096);
}

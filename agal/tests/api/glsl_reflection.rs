//! The reflection names everything the backend binds, and every name it gives is declared in
//! the GLSL it describes.

use molehill_agal::glsl::{translate, Dialect, Options, Reflection, Shaders, Y_FLIP_UNIFORM};
use molehill_agal::{Dimension, ProgramKind, TextureFormat, Version};

fn translate_text(vertex: &str, fragment: &str, version: Version, dialect: Dialect) -> Shaders {
    let v = molehill_agal::asm::assemble(vertex, ProgramKind::Vertex, version).expect("vertex");
    let f =
        molehill_agal::asm::assemble(fragment, ProgramKind::Fragment, version).expect("fragment");
    translate(&v, &f, &Options::new(dialect)).expect("translate")
}

/// Every name of the reflection is declared in the shader that uses it.
fn assert_declared(s: &Shaders) {
    let r: &Reflection = &s.reflection;
    for a in &r.attributes {
        assert!(
            s.vertex.contains(&format!("vec4 {};", a.name)),
            "attribute {}",
            a.name
        );
    }
    for (file, source) in [
        (&r.vertex_constants, &s.vertex),
        (&r.fragment_constants, &s.fragment),
    ] {
        let decl = format!("uniform vec4 {}[{}];", file.name, file.size);
        assert_eq!(source.contains(&decl), file.is_used(), "{decl}");
    }
    for sampler in &r.samplers {
        let ty = match sampler.dimension {
            Dimension::Cube => "samplerCube",
            _ => "sampler2D",
        };
        assert!(s
            .fragment
            .contains(&format!("uniform {ty} {};", sampler.name)));
    }
    for v in &r.varyings {
        assert!(s.vertex.contains(&format!("vec4 {};", v.name)));
        assert!(s.fragment.contains(&format!("vec4 {};", v.name)));
    }
    assert!(s.vertex.contains(&format!("float {};", r.y_flip)));
    assert_eq!(
        s.fragment.contains(&format!("float {};", r.y_flip)),
        r.y_flip_in_fragment
    );
    for o in &r.color_outputs {
        assert!(s.fragment.contains(&format!("{} = ", o.name)), "{}", o.name);
    }
}

#[test]
fn varyings_are_squeezed_to_consecutive_locations() {
    // The Tegra example: exports 2, 7 and 9 become 0, 1 and 2; v5 is written but never read.
    let s = translate_text(
        "m44 op, va0, vc0\nmov v2, va1\nmov v5, va1\nmov v7, va2\nmov v9, va3",
        "add ft0, v2, v7\nadd oc, ft0, v9",
        Version::V2,
        Dialect::Es300,
    );
    let r = &s.reflection;
    let map: Vec<(u16, &str, u32)> = r
        .varyings
        .iter()
        .map(|v| (v.register, v.name, v.location))
        .collect();
    assert_eq!(map, vec![(2, "v2", 0), (7, "v7", 1), (9, "v9", 2)]);
    assert_eq!(r.dropped_varyings, vec![5]);
    assert!(
        !s.vertex.contains("v5"),
        "a dropped varying is neither declared nor written"
    );
    assert_declared(&s);
}

#[test]
fn attributes_constants_samplers_and_outputs() {
    let s = translate_text(
        "m44 op, va3, vc4\nmov vt0, vc[va1.x+10]\nmov v0, vt0\nmov v1, va0",
        "tex ft0, v0, fs3 <cube, clamp, linear, miplinear>\n\
         tex ft1, v1, fs1 <2d, dxt5, repeat, linear, -1.5>\n\
         mul ft0, ft0, fc2\nmul ft0, ft0, fc3\nmul ft0, ft0, fc7\n\
         mov oc0, ft0\nmov oc1, ft1",
        Version::V2,
        Dialect::Es300,
    );
    let r = &s.reflection;
    let attributes: Vec<(u16, &str, u32)> = r
        .attributes
        .iter()
        .map(|a| (a.slot, a.name, a.location))
        .collect();
    assert_eq!(
        attributes,
        vec![(0, "va0", 0), (1, "va1", 1), (3, "va3", 3)]
    );
    assert!(s.vertex.contains("layout(location = 3) in vec4 va3;"));
    assert_eq!(r.vertex_constants.name, "vc");
    assert_eq!(r.vertex_constants.size, 250);
    assert_eq!(r.vertex_constants.used, vec![4..8]);
    assert!(r.vertex_constants.relative);
    assert_eq!(r.fragment_constants.name, "fc");
    assert_eq!(r.fragment_constants.size, 64);
    assert_eq!(r.fragment_constants.used, vec![2..4, 7..8]);
    assert!(!r.fragment_constants.relative);
    let samplers: Vec<(u16, &str, Dimension, TextureFormat, i8)> = r
        .samplers
        .iter()
        .map(|s| {
            (
                s.unit,
                s.name,
                s.dimension,
                s.sampler.format,
                s.sampler.lod_bias,
            )
        })
        .collect();
    assert_eq!(
        samplers,
        vec![
            (1, "fs1", Dimension::TwoD, TextureFormat::Dxt5, -12),
            (3, "fs3", Dimension::Cube, TextureFormat::Rgba, 0),
        ]
    );
    assert!(s.fragment.contains("texture(fs1, v1.xy, -1.5)"));
    let outputs: Vec<(u16, &str, u32)> = r
        .color_outputs
        .iter()
        .map(|o| (o.index, o.name, o.location))
        .collect();
    assert_eq!(outputs, vec![(0, "oc0", 0), (1, "oc1", 1)]);
    assert!(s.fragment.contains("layout(location = 1) out vec4 oc1;"));
    assert!(!r.depth_written);
    assert_eq!(r.y_flip, Y_FLIP_UNIFORM);
    assert_declared(&s);
}

#[test]
fn es100_names_and_unused_constant_files() {
    let s = translate_text(
        "mov op, va2\nmov v1, va2",
        "mov oc, v1",
        Version::V1,
        Dialect::Es100,
    );
    let r = &s.reflection;
    assert_eq!(r.color_outputs.len(), 1);
    assert_eq!(r.color_outputs[0].name, "gl_FragColor");
    assert!(!r.vertex_constants.is_used());
    assert!(!r.fragment_constants.is_used());
    assert!(!s.vertex.contains("uniform vec4"));
    assert!(s.vertex.contains("attribute vec4 va2;"));
    assert_eq!(r.attributes[0].location, 2);
    assert_declared(&s);
}

#[test]
fn clip_space_epilogue_and_ddy_sign_use_the_y_flip_uniform() {
    // The expression writer spells the uniform out in `ddy`; it must be this one.
    assert_eq!(Y_FLIP_UNIFORM, "yflip");
    let s = translate_text(
        "m44 op, va0, vc0\nmov v0, va1",
        "ddy ft0, v0\nmov oc, ft0",
        Version::V2,
        Dialect::Glsl330,
    );
    let epilogue = "    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;\n    gl_Position.y *= yflip;\n}\n";
    assert!(s.vertex.ends_with(epilogue), "{}", s.vertex);
    assert!(s.fragment.contains("ft0 = -yflip * dFdy(v0);"));
    assert!(s.reflection.y_flip_in_fragment);
    assert_declared(&s);
}

#[test]
fn output_is_deterministic_and_starts_with_version() {
    for dialect in Dialect::ALL {
        let a = translate_text(
            "m44 op, va0, vc0\nmov v0, va1",
            "mov oc, v0",
            Version::V1,
            dialect,
        );
        let b = translate_text(
            "m44 op, va0, vc0\nmov v0, va1",
            "mov oc, v0",
            Version::V1,
            dialect,
        );
        assert_eq!(a, b);
        let version = format!("{}\n", dialect.version_directive());
        assert!(a.vertex.starts_with(&version));
        assert!(a.fragment.starts_with(&version));
    }
}

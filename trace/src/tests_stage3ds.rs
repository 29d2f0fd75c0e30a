//! Parser and writer tests of the additions for several Stage3Ds and the screen
//! (`config stage`, `stage3Ds[N]`, `contextN`, `expect screen`) and of `drawToBitmapData`'s
//! optional `srcRect` and `destPoint`.

use super::*;

fn err(text: &str) -> ParseError {
    match parse(text) {
        Ok(t) => panic!("expected an error, parsed {t:?}"),
        Err(e) => e,
    }
}

fn at(e: &ParseError) -> (u32, u32) {
    (e.line(), e.column())
}

/// `config stage`, `stage3Ds[N]`, `contextN`, `expect screen`: each call carries its Stage3D,
/// a resource's calls the Stage3D of the context that created it; the text round-trips.
#[test]
fn stage3ds_and_their_contexts() {
    let text = "molehill-trace 1\nconfig stage 320 240 0x336699\nstage.requestContext3D()\n\
                stage3Ds[2].requestContext3D(\"auto\", \"standard\")\nstage3Ds[2].x = 10\n\
                stage3Ds[0].visible = false\nvb = context2.createVertexBuffer(3, 2)\n\
                vb.uploadFromVector([0, 0, 1, 1, 2, 2], 0, 3)\ncontext.present()\n\
                expect screen \"s.png\" tolerance 1 max_outliers 4\n";
    let t = parse(text).unwrap();
    assert_eq!(
        t.config.stage,
        molehill_context3d::stage::StageLayout::new(320, 240, 0x336699)
    );
    let stages: Vec<usize> = t
        .statements
        .iter()
        .filter_map(|s| match &s.value {
            Statement::Call { stage3d, .. } => Some(*stage3d),
            _ => None,
        })
        .collect();
    assert_eq!(stages, vec![0, 2, 2, 0, 2, 2, 0]);
    assert!(matches!(
        t.statements.last().map(|s| &s.value),
        Some(Statement::ExpectScreen {
            tolerance: 1,
            max_outliers: 4,
            ..
        })
    ));
    let written = write(&t);
    assert!(
        written.contains("config stage 320 240 0x336699\n"),
        "{written}"
    );
    assert!(written.contains("\nstage3Ds[2].x = 10\n"), "{written}");
    assert!(
        written.contains("\nvb = context2.createVertexBuffer("),
        "{written}"
    );
    assert_eq!(parse(&written).unwrap(), t);
    // A Stage3D's context needs that Stage3D's request; the index is 0..=3.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext1.present()\n");
    assert_eq!(e.kind, ParseErrorKind::ContextBeforeRequest);
    let e = err("molehill-trace 1\nstage3Ds[4].requestContext3D()\n");
    assert_eq!(at(&e), (2, 10));
    let e = err("molehill-trace 1\nconfig stage 320 240 0x1000000\n");
    assert!(matches!(e.kind, ParseErrorKind::BadConfig(_)));
}

/// `drawToBitmapData(destination, srcRect, destPoint)`: both optional, `null` or a value.
#[test]
fn draw_to_bitmap_data_takes_an_optional_rect_and_point() {
    let calls = |text: &str| -> Vec<Call> {
        parse(text)
            .unwrap()
            .statements
            .into_iter()
            .filter_map(|s| match s.value {
                Statement::Call {
                    call: c @ Call::DrawToBitmapData { .. },
                    ..
                } => Some(c),
                _ => None,
            })
            .collect()
    };
    let c = calls(
        "molehill-trace 1\nstage.requestContext3D()\ncontext.drawToBitmapData(bitmap(2, 2, 0))\n\
         context.drawToBitmapData(bitmap(2, 2, 0), rect(1, 2, 3, 4), point(-5, 6.5))\n\
         context.drawToBitmapData(bitmap(2, 2, 0), null, null)\n",
    );
    let parts: Vec<_> = c
        .iter()
        .map(|c| match c {
            Call::DrawToBitmapData {
                src_rect,
                dest_point,
                ..
            } => (*src_rect, *dest_point),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        parts,
        vec![
            (None, None),
            (
                Some(Rect {
                    x: 1.0,
                    y: 2.0,
                    width: 3.0,
                    height: 4.0
                }),
                Some(Point { x: -5.0, y: 6.5 })
            ),
            (None, None)
        ]
    );
    // A point needs both coordinates, and a rect is not a point.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.drawToBitmapData(bitmap(2, 2, 0), null, point(1))\n");
    assert_eq!(at(&e).0, 3);
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.drawToBitmapData(bitmap(2, 2, 0), null, rect(1, 2, 3, 4))\n");
    assert_eq!(at(&e), (3, 49));
}

use super::*;

fn played(frames: u32, calls: u64, draws: u64) -> Vec<Record> {
    let mut r: Vec<Record> = (1..=frames).map(Record::Frame).collect();
    r.push(Record::Counts {
        calls,
        draws,
        presents: u64::from(frames),
    });
    r.push(Record::Blank(None));
    r.push(Record::Done);
    r
}

#[test]
fn an_uncaught_error_is_read_as_flash_prints_it() {
    let logged = "Error dispatching event \"enterFrame\": TypeError: Error #1009: Cannot access a property or method of a null object reference.\n\tat Main/onFrame()";
    let e = uncaught_error(logged).unwrap();
    assert_eq!(e.class, "TypeError");
    assert_eq!(e.id, Some(1009));
    assert_eq!(
        e.message,
        "Error #1009: Cannot access a property or method of a null object reference."
    );
    assert_eq!(
        e.to_string(),
        "TypeError: Error #1009: Cannot access a property or method of a null object reference."
    );

    let e = uncaught_error(
        "Error running AVM2 frame script: ArgumentError: Error #3669: Bad input size.",
    )
    .unwrap();
    assert_eq!((e.class.as_str(), e.id), ("ArgumentError", Some(3669)));

    // A content error with no ID, and a thrown value that is no Error.
    let e = uncaught_error("Error in AVM2 timer callback: Error: level not found").unwrap();
    assert_eq!(
        (e.class.as_str(), e.id, e.message.as_str()),
        ("Error", None, "level not found")
    );
    let e = uncaught_error("Error running AVM2 eager script: oops, a string").unwrap();
    assert_eq!((e.class.as_str(), e.id), ("", None));
    assert_eq!(e.to_string(), "oops, a string");

    // Other errors Ruffle logs are not uncaught AVM2 errors.
    assert_eq!(
        uncaught_error("Asynchronous error occurred: Fetch error"),
        None
    );
    assert_eq!(
        uncaught_error("TypeError: Error #1009: not from Ruffle's uncaught path"),
        None
    );
}

#[test]
fn records_go_through_a_line_and_back() {
    let records = [
        Record::Load(String::from("Invalid SWF")),
        Record::Frame(7),
        Record::Error(FlashError {
            class: String::from("RangeError"),
            id: Some(2006),
            message: String::from("Error #2006: The supplied index is out of bounds."),
        }),
        Record::Error(FlashError {
            class: String::new(),
            id: None,
            message: String::from("thrown"),
        }),
        Record::Panic(String::from("index out of bounds")),
        Record::Counts {
            calls: 12,
            draws: 3,
            presents: 2,
        },
        Record::Blank(None),
        Record::Blank(Some([0x10, 0x20, 0x30, 0xff])),
        Record::Done,
    ];
    for r in records {
        assert_eq!(Record::parse(&r.to_string()), Some(r.clone()), "{r}");
    }
    // A message's newlines and tabs cannot break the line.
    let r = Record::Panic(String::from("a\nb\tc"));
    assert_eq!(
        Record::parse(&r.to_string()),
        Some(Record::Panic(String::from("a b c")))
    );
    // Whatever else the process printed is no record.
    assert_eq!(Record::parse("hello"), None);
    assert_eq!(Record::parse("frame\tx"), None);
}

#[test]
fn a_swf_that_played_passes_with_its_counts() {
    let v = verdict(&played(60, 900, 120), Ending::Exited(Some(0)), "");
    assert_eq!(
        v,
        Verdict::Pass {
            frames: 60,
            calls: 900,
            draws: 120
        }
    );
    assert_eq!(
        v.line("a.swf"),
        "PASS a.swf: 60 frames, 900 Stage3D calls, 120 draws"
    );
    assert!(v.passed());
}

#[test]
fn each_failure_gives_its_cause() {
    let fail = |records: &[Record], ending| match verdict(records, ending, "last words") {
        Verdict::Fail(cause) => cause,
        v => panic!("passed: {v:?}"),
    };
    let ok = Ending::Exited(Some(0));

    let mut r = played(5, 10, 2);
    r.insert(2, Record::Error(uncaught_error("Error dispatching event \"enterFrame\": Error: Error #3694: The object was disposed by an earlier call of dispose() on it.").unwrap()));
    assert_eq!(
        fail(&r, ok),
        "uncaught Error: Error #3694: The object was disposed by an earlier call of dispose() on it. (in frame 3)"
    );

    let r = [
        Record::Frame(1),
        Record::Frame(2),
        Record::Panic(String::from("boom")),
    ];
    assert_eq!(
        fail(&r, Ending::Exited(Some(101))),
        "panic after frame 2: boom"
    );

    let r = [Record::Frame(1)];
    assert_eq!(
        fail(&r, Ending::TimedOut(30)),
        "hang: still running after 30 s (1 frame run)"
    );
    assert_eq!(
        fail(&[], Ending::TimedOut(30)),
        "hang: still running after 30 s (0 frames run)"
    );

    assert_eq!(
        fail(&[Record::Frame(1)], Ending::Exited(None)),
        "crashed after frame 1 (killed by a signal): last words"
    );
    assert_eq!(
        fail(
            &[Record::Load(String::from("not a SWF"))],
            Ending::Exited(Some(1))
        ),
        "cannot load the SWF: not a SWF"
    );

    assert_eq!(fail(&played(60, 0, 0), ok), "no Stage3D call in 60 frames");

    let mut r = played(60, 40, 0);
    r.retain(|x| !matches!(x, Record::Blank(_)));
    r.insert(0, Record::Blank(Some([0, 0, 0, 255])));
    assert_eq!(
        fail(&r, ok),
        "every frame blank (all 60 one colour, RGBA 000000ff; 40 Stage3D calls, 0 draws)"
    );
    assert_eq!(
        Verdict::Fail(String::from("x")).line("b/test.swf"),
        "FAIL b/test.swf: x"
    );
}

#[test]
fn the_first_cause_wins() {
    // A panic after an error is the panic; a hang after an error is the hang.
    let error = Record::Error(FlashError {
        class: String::from("Error"),
        id: Some(3600),
        message: String::from("Error #3600: No valid program set."),
    });
    let r = [
        Record::Frame(1),
        error.clone(),
        Record::Panic(String::from("p")),
    ];
    assert_eq!(
        verdict(&r, Ending::Exited(Some(101)), ""),
        Verdict::Fail(String::from("panic after frame 1: p"))
    );
    let r = [Record::Frame(1), error.clone()];
    assert!(
        matches!(verdict(&r, Ending::TimedOut(9), ""), Verdict::Fail(c) if c.starts_with("hang"))
    );
    // An error in the first frame (its scripts run before its record).
    let r = [error, Record::Done];
    assert_eq!(
        verdict(&r, Ending::Exited(Some(0)), ""),
        Verdict::Fail(String::from(
            "uncaught Error: Error #3600: No valid program set. (in frame 1)"
        ))
    );
}

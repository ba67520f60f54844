//! Reports across boundaries, by their exact text: a status made from a foreign error shows
//! the error's text once; a status that wraps another shows the inner one's creation site and
//! context lines; and anyhow, which prints only each chain entry's `Display`, sees every
//! context line and every text once.

use std::error::Error;
use std::io;
use std::panic::Location;

use fast_status::{FastStatus, ResultExt};

/// The codes of a network layer.
#[derive(FastStatus, Clone, Copy, Debug)]
#[status(name = Net)]
pub enum NetCode {
    /// No answer in time.
    Timeout = 1,
    /// The operating system said no.
    #[status(from = io::Error)]
    Io,
}

/// The codes of the application above it, which converts the network's statuses.
#[derive(FastStatus, Clone, Copy, Debug)]
#[status(name = App)]
pub enum AppCode {
    /// The upstream service failed.
    #[status(display = "Upstream failed", from = Net)]
    Upstream = 1,
    /// Reading a file failed.
    #[status(display = "I/O error", from = io::Error)]
    Io,
}

/// Where each status and line of `upstream` was made, for the expected texts.
struct Sites {
    timeout: &'static Location<'static>,
    calling: &'static Location<'static>,
    converted: &'static Location<'static>,
    serving: &'static Location<'static>,
}

fn call() -> Result<(), Net> {
    Err(Net::timeout("after 30 ms"))
}

fn serve() -> Result<(), App> {
    call().context("calling upstream")?;
    Ok(())
}

/// A timeout, given a context line, converted by `?`, given one more.
fn upstream() -> (App, Sites) {
    fast_status::set_backtrace_capture(false);
    let app = serve().context("serving /index").unwrap_err();
    let net = app
        .chain()
        .find_map(|e| e.downcast_ref::<Net>())
        .expect("the network's status itself is in the chain");
    let sites = Sites {
        timeout: net.location().expect("created with a message"),
        calling: net.context_lines().next().expect("one line").1,
        converted: app.location().expect("made by `?`"),
        serving: app.context_lines().next().expect("one line").1,
    };
    (app, sites)
}

/// anyhow's `{:?}` without the backtrace anyhow captures when this machine's
/// `RUST_BACKTRACE` asks for one.
fn anyhow_debug(error: &anyhow::Error) -> String {
    let debug = format!("{error:?}");
    match debug.split_once("\n\nStack backtrace:") {
        Some((report, _)) => report.to_owned(),
        None => debug,
    }
}

#[test]
fn a_status_wrapping_a_status_shows_both_levels() {
    let (app, at) = upstream();
    assert_eq!(app.to_string(), "Upstream failed");
    assert_eq!(
        format!("{app:#}"),
        format!(
            "Upstream failed\n  \
             context: serving /index (at {})\n  \
             caused by: Timeout: after 30 ms (at {})\n  \
             context: calling upstream (at {})",
            at.serving, at.timeout, at.calling
        )
    );
    assert_eq!(
        format!("{app:?}"),
        format!(
            "Upstream failed\n    at {}\n\n\
             Context:\n    0: serving /index\n       at {}\n\n\
             Caused by:\n    0: Timeout: after 30 ms\n       at {}\n       \
             context: calling upstream (at {})",
            at.converted, at.serving, at.timeout, at.calling
        )
    );
}

#[test]
fn anyhow_sees_every_line_and_every_text_once() {
    let (app, _) = upstream();
    let error = anyhow::Error::from(app);
    assert_eq!(
        format!("{error:#}"),
        "Upstream failed: serving /index: Timeout: after 30 ms: calling upstream"
    );
    assert_eq!(
        anyhow_debug(&error),
        "Upstream failed\n\nCaused by:\n    0: serving /index\n    \
         1: Timeout: after 30 ms\n    2: calling upstream"
    );
}

fn open_config() -> Result<Vec<u8>, App> {
    Ok(std::fs::read("/no/such/config.toml")?)
}

#[test]
fn a_foreign_errors_text_is_shown_once() {
    fast_status::set_backtrace_capture(false);
    let status = open_config().context("loading the config").unwrap_err();
    let line = status.context_lines().next().expect("one line").1;
    let text = std::fs::read("/no/such/config.toml")
        .unwrap_err()
        .to_string();
    assert_eq!(status.to_string(), "I/O error");
    assert_eq!(
        format!("{status:#}"),
        format!("I/O error\n  context: loading the config (at {line})\n  caused by: {text}")
    );
    let debug = format!("{status:?}");
    assert_eq!(debug.matches(text.as_str()).count(), 1, "{debug}");
    assert!(
        debug.ends_with(&format!("Caused by:\n    0: {text}")),
        "{debug}"
    );

    let error = anyhow::Error::from(status);
    assert_eq!(
        format!("{error:#}"),
        format!("I/O error: loading the config: {text}")
    );
    assert_eq!(
        anyhow_debug(&error),
        format!("I/O error\n\nCaused by:\n    0: loading the config\n    1: {text}")
    );
}

#[test]
fn the_chain_is_the_lines_then_the_source() {
    let (app, _) = upstream();
    let chain: Vec<String> = app.chain().map(ToString::to_string).collect();
    assert_eq!(
        chain,
        [
            "Upstream failed",
            "serving /index",
            "Timeout: after 30 ms",
            "calling upstream"
        ]
    );
    // Asked twice, the chain is the same objects: built once, kept.
    let first = app.source().map(|e| std::ptr::from_ref(e).cast::<u8>());
    let again = app.source().map(|e| std::ptr::from_ref(e).cast::<u8>());
    assert_eq!(first, again);
    // A change rebuilds it.
    let more = app.context("one more");
    assert_eq!(
        more.chain().nth(1).map(ToString::to_string).as_deref(),
        Some("one more")
    );
    assert_eq!(more.chain().count(), 5);
}

fn texts(status: &App) -> Vec<String> {
    status.chain().map(ToString::to_string).collect()
}

#[test]
fn a_change_after_the_chain_was_built_is_seen() {
    let status = App::from_code(AppCode::Io)
        .context("reading")
        .with_source(io::Error::other("first"));
    // Asking for the chain builds it and keeps it in the (unshared) status...
    assert_eq!(texts(&status), ["I/O error", "reading", "first"]);
    // ...and each change in place, to the source or the lines, is seen.
    let status = status.with_source(io::Error::other("second"));
    assert_eq!(texts(&status), ["I/O error", "reading", "second"]);
    let status = status.context("again");
    assert_eq!(texts(&status), ["I/O error", "again", "reading", "second"]);
}

/// A kind enum whose variants hold the network's status as their source field.
#[derive(FastStatus, Debug)]
#[status(name = Service)]
pub enum ServiceKind {
    /// Converted by `?` from the network's status.
    #[error("network failed")]
    Network(#[from] Net),
    /// The network's status beside other fields.
    #[error("upstream {name} failed")]
    Upstream {
        name: &'static str,
        #[source]
        cause: Net,
    },
    /// The network's status, when there was one.
    #[error("retries ran out")]
    Retried {
        #[source]
        last: Option<Net>,
    },
}

#[test]
fn a_status_in_an_optional_source_field_shows_its_creation_site_and_lines() {
    fast_status::set_backtrace_capture(false);
    let net = Net::timeout("after 1 s").context("third try");
    let (timeout, third) = (
        net.location().expect("created with a message"),
        net.context_lines().next().expect("one line").1,
    );
    let service = Service::retried(Some(net));
    assert_eq!(
        format!("{service:#}"),
        format!(
            "retries ran out\n  \
             caused by: Timeout: after 1 s (at {timeout})\n  \
             context: third try (at {third})"
        )
    );
    assert_eq!(format!("{:#}", Service::retried(None)), "retries ran out");
}

/// Asserts the exact `{:#}` of `status` and its report (made at `at`, with no lines of its
/// own), whose one cause is the network's timeout made at `timeout`, with the line "calling
/// upstream" added at `calling`.
fn assert_reports_the_timeout(
    status: &impl std::fmt::Display,
    report: &impl std::fmt::Debug,
    head: &str,
    at: &Location<'_>,
    timeout: &Location<'_>,
    calling: &Location<'_>,
) {
    assert_eq!(
        format!("{status:#}"),
        format!(
            "{head}\n  \
             caused by: Timeout: after 30 ms (at {timeout})\n  \
             context: calling upstream (at {calling})"
        )
    );
    assert_eq!(
        format!("{report:?}"),
        format!(
            "{head}\n    at {at}\n\n\
             Caused by:\n    0: Timeout: after 30 ms\n       at {timeout}\n       \
             context: calling upstream (at {calling})"
        )
    );
}

fn serve_service() -> Result<(), Service> {
    call().context("calling upstream")?;
    Ok(())
}

#[test]
fn a_status_in_a_kind_field_shows_its_creation_site_and_lines() {
    let (_, at) = upstream();
    let service = serve_service().unwrap_err();
    let net = service
        .chain()
        .find_map(|e| e.downcast_ref::<Net>())
        .expect("the network's status is the source field");
    let (timeout, calling) = (
        net.location().expect("created with a message"),
        net.context_lines().next().expect("one line").1,
    );
    let converted = service.location().expect("made by `?`");
    assert_eq!(service.to_string(), "network failed");
    let report = service.report();
    assert_reports_the_timeout(
        &service,
        &report,
        "network failed",
        converted,
        timeout,
        calling,
    );
    // The same sites as the code enum's conversion: only the wrapper differs.
    assert_eq!(timeout.file(), at.timeout.file());

    // A named field, and the network status's own source after its lines.
    let io = io::Error::other("refused");
    let net = Net::from(io).context("dialing");
    let (made, dialing) = (
        net.location().expect("made from an error"),
        net.context_lines().next().expect("one line").1,
    );
    let service = Service::upstream("auth", net);
    let upstream_site = service.location().expect("made by a constructor");
    assert_eq!(
        format!("{service:#}"),
        format!(
            "upstream auth failed\n  \
             caused by: Io (at {made})\n  \
             context: dialing (at {dialing})\n  \
             caused by: refused"
        )
    );

    // One level more: the service's status in a kind field of its own. The report knows
    // the gateway's kind, not the service's, and still finds the network's status in the
    // service's variant field, two levels down: its creation site as well as its lines.
    // A changed copy of a shared status (a clone given a line) holds a share of the variant's
    // value, not its own: the report finds the network's status through that share.
    let changed = service.clone().context("retrying");
    let via_copy = Gateway::from(changed);
    assert!(
        format!("{via_copy:#}").contains(&format!("caused by: Io (at {made})")),
        "{via_copy:#}"
    );
    let gateway = Gateway::from(service);
    let gateway_site = gateway.location().expect("made by `From`");
    assert_eq!(
        format!("{gateway:#}"),
        format!(
            "gateway failed\n  \
             caused by: upstream auth failed (at {upstream_site})\n  \
             caused by: Io (at {made})\n  \
             context: dialing (at {dialing})\n  \
             caused by: refused"
        )
    );
    assert_eq!(
        format!("{:?}", gateway.report()),
        format!(
            "gateway failed\n    at {gateway_site}\n\n\
             Caused by:\n    0: upstream auth failed\n       at {upstream_site}\n    \
             1: Io\n       at {made}\n       context: dialing (at {dialing})\n    \
             2: refused"
        )
    );

    // And three levels: the gateway in an edge's kind field.
    let edge = Edge::from(gateway);
    assert!(
        format!("{edge:#}").contains(&format!("caused by: Io (at {made})")),
        "{edge:#}"
    );
}

/// A kind enum two levels above `ServiceKind`.
#[derive(FastStatus, Debug)]
#[status(name = Edge)]
pub enum EdgeKind {
    /// The gateway's status.
    #[error("edge failed")]
    Gateway(#[from] Gateway),
}

/// A kind enum one level above `ServiceKind`.
#[derive(FastStatus, Debug)]
#[status(name = Gateway)]
pub enum GatewayKind {
    /// The service's status.
    #[error("gateway failed")]
    Service(#[from] Service),
}

/// An error that answers `source()` with a status's own `source()`, as a wrapper that skips a
/// level would: it calls the status's `source()`, but it is not the status.
#[derive(Debug)]
struct SkipsALevel(Net);

impl std::fmt::Display for SkipsALevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("skips a level")
    }
}

impl Error for SkipsALevel {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.0.source()
    }
}

#[test]
fn a_status_given_to_or_status_or_with_source_shows_its_creation_site_and_lines() {
    fast_status::set_backtrace_capture(false);
    let (net, timeout, calling) = {
        let net = call().context("calling upstream").unwrap_err();
        let timeout = net.location().expect("created with a message");
        let calling = net.context_lines().next().expect("one line").1;
        (net, timeout, calling)
    };
    // `or_status` takes any error: the network's status is not marked as a status when it
    // is stored, and the report recognises it by asking it.
    let app = Err::<(), _>(net.clone())
        .or_status(AppCode::Upstream)
        .unwrap_err();
    let wrapped = app.location().expect("made by `or_status`");
    assert_reports_the_timeout(
        &app,
        &app.report(),
        "Upstream failed",
        wrapped,
        timeout,
        calling,
    );

    // A status without context lines, given to `with_source`, and its own source after it.
    let io = Net::from(io::Error::other("refused"));
    let made = io.location().expect("made from an error");
    let app = App::from_code(AppCode::Io).with_source(io);
    assert_eq!(
        format!("{app:#}"),
        format!("I/O error\n  caused by: Io (at {made})\n  caused by: refused")
    );

    // A status of a kind, the same way.
    let service = Service::retried(None);
    let retried = service.location().expect("made by a constructor");
    let app = Err::<(), _>(service)
        .or_status(AppCode::Upstream)
        .unwrap_err();
    assert_eq!(
        format!("{app:#}"),
        format!("Upstream failed\n  caused by: retries ran out (at {retried})")
    );

    // An error that calls the status's `source()` for its own is shown as an error, with
    // the status's lines beneath it and no creation site.
    let app = App::from_code(AppCode::Io).with_source(SkipsALevel(net));
    assert_eq!(
        format!("{app:#}"),
        format!(
            "I/O error\n  caused by: skips a level\n  context: calling upstream (at {calling})"
        )
    );
}

/// A layer that passes the network's status through, as a thiserror enum wraps a lower
/// layer's error: its text and source are the status's own.
#[derive(FastStatus, Debug)]
#[status(name = Layer)]
pub enum LayerKind {
    /// The network's status, converted by `?`.
    #[error(transparent)]
    Net(#[from] Net),
}

/// Above the layer, a kind enum that converts its status into a source field.
#[derive(FastStatus, Debug)]
#[status(name = Outer)]
pub enum OuterKind {
    /// The layer's status.
    #[error("outer failed")]
    Layer(#[from] Layer),
}

fn through_layer() -> Result<(), Layer> {
    call().context("calling upstream")?;
    Ok(())
}

#[test]
fn a_transparent_variant_over_a_status_reports_that_status_as_its_own() {
    fast_status::set_backtrace_capture(false);
    let layer = through_layer().context("in the layer").unwrap_err();
    let (timeout, calling) = match layer.kind().as_deref() {
        Some(LayerKind::Net(net)) => (
            net.location().expect("created with a message"),
            net.context_lines().next().expect("one line").1,
        ),
        None => panic!("the layer holds the network's status: {layer:?}"),
    };
    let in_layer = layer.context_lines().next().expect("one line").1;
    let converted = layer.location().expect("made by `?`");
    assert_ne!(converted, timeout);

    // The wrapped status's creation site and lines, then the layer's own; not where `?`
    // converted it, which the wrapper's text and source do not show either.
    assert_eq!(layer.to_string(), "Timeout: after 30 ms");
    assert_eq!(
        format!("{layer:#}"),
        format!(
            "Timeout: after 30 ms\n  \
             context: calling upstream (at {calling})\n  \
             context: in the layer (at {in_layer})"
        )
    );
    assert_eq!(
        format!("{:?}", layer.report()),
        format!(
            "Timeout: after 30 ms\n    at {timeout}\n\n\
             Context:\n    0: calling upstream\n       at {calling}\n    \
             1: in the layer\n       at {in_layer}"
        )
    );
    assert_eq!(
        format!("{:#}", anyhow::Error::from(layer.clone())),
        "Timeout: after 30 ms: in the layer: calling upstream"
    );

    // A changed copy (a clone given a line) shares the variant's value: the same report, and
    // the new line last.
    let again = layer.clone().context("again");
    let again_site = again.context_lines().last().expect("two lines").1;
    assert_eq!(
        format!("{again:#}"),
        format!(
            "Timeout: after 30 ms\n  \
             context: calling upstream (at {calling})\n  \
             context: in the layer (at {in_layer})\n  \
             context: again (at {again_site})"
        )
    );

    // As a cause, the same: the lines of both beneath the wrapped status's text and site.
    let outer = Outer::from(layer);
    assert_eq!(
        format!("{outer:#}"),
        format!(
            "outer failed\n  \
             caused by: Timeout: after 30 ms (at {timeout})\n  \
             context: calling upstream (at {calling})\n  \
             context: in the layer (at {in_layer})"
        )
    );
    assert_eq!(outer.chain().count(), 4, "{:?}", texts_of(&outer));
}

fn texts_of(status: &Outer) -> Vec<String> {
    status.chain().map(ToString::to_string).collect()
}

/// A layer that passes an `io::Error` through: here one made from the network's status.
#[derive(FastStatus, Debug)]
#[status(name = IoLayer)]
pub enum IoLayerKind {
    /// The error, converted by `?`.
    #[error(transparent)]
    Io(#[from] io::Error),
}

#[test]
fn a_transparent_variant_over_a_foreign_error_keeps_every_line() {
    fast_status::set_backtrace_capture(false);
    let net = call().context("calling upstream").unwrap_err();
    let layer = IoLayer::from(io::Error::from(net));
    let converted = layer.location().expect("made by `From`");
    // `io::Error` shows the status's text and answers `source()` with the status's own (its
    // newest line): the report cannot see the status, so its line is shown as the chain has
    // it, as a cause, and not dropped as a transparent status's lines are (shown above).
    assert_eq!(
        format!("{layer:#}"),
        "Timeout: after 30 ms\n  caused by: calling upstream"
    );
    assert_eq!(
        format!("{:?}", layer.report()),
        format!(
            "Timeout: after 30 ms\n    at {converted}\n\n\
             Caused by:\n    0: calling upstream"
        )
    );

    // As a cause, the same: its own line, then the status's, shown as the chain has it.
    let outer = IoOuter::from(layer.context("in the layer"));
    let in_layer = outer
        .chain()
        .find_map(|e| e.downcast_ref::<IoLayer>())
        .and_then(|l| l.context_lines().next())
        .expect("the layer's line")
        .1;
    assert_eq!(
        format!("{outer:#}"),
        format!(
            "outer failed\n  \
             caused by: Timeout: after 30 ms (at {converted})\n  \
             context: in the layer (at {in_layer})\n  \
             caused by: calling upstream"
        )
    );
}

/// Above it, a kind enum that converts its status into a source field.
#[derive(FastStatus, Debug)]
#[status(name = IoOuter)]
pub enum IoOuterKind {
    /// The layer's status.
    #[error("outer failed")]
    Layer(#[from] IoLayer),
}

/// How many context lines the deep-chain test adds: a million, so that a drop that recursed
/// once per line would overflow the thread's stack (fewer under Miri, which interprets each).
const DEEP: usize = if cfg!(miri) { 200 } else { 1_000_000 };

/// A status with a million context lines, whose chain of lines `source()` has built, drops on a
/// thread with a 2 MiB stack: the chain is dropped in a loop, not a frame per line.
#[test]
fn a_million_context_lines_drop_on_a_small_stack_after_source() {
    on_a_small_stack(|| {
        let mut status = App::from_code(AppCode::Io);
        for _ in 0..DEEP {
            status = status.context("a line");
        }
        // Builds the chain of lines, newest first, which anyhow's and eyre's reports walk.
        let newest = std::error::Error::source(&status).expect("the newest line");
        assert_eq!(newest.to_string(), "a line");
        assert_eq!(status.chain().count(), DEEP + 1);
        drop(status);
    });
}

/// Runs `f` on a thread with a 2 MiB stack; panics if it panicked or overflowed the stack (an
/// overflow aborts the test process).
fn on_a_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("the work on the small stack did not panic");
}

/// A status converted from another status (`from = Even`), and back (`from = Odd`), so that
/// statuses nest as deep as a test wants: each is the source of the next.
#[derive(FastStatus, Clone, Copy, Debug)]
#[status(name = Odd)]
pub enum OddCode {
    /// Holds an `Even` status as its source.
    #[status(from = Even)]
    Wrapped,
}

/// The other half of the nesting.
#[derive(FastStatus, Clone, Copy, Debug)]
#[status(name = Even)]
pub enum EvenCode {
    /// Holds an `Odd` status as its source.
    #[status(from = Odd)]
    Wrapped,
    /// The innermost status.
    Leaf,
}

/// Statuses nested a million deep, each the source of the next, drop on a thread with a 2 MiB
/// stack: each is taken out of its holder and released in a loop, not by recursion.
#[test]
fn statuses_nested_a_million_deep_drop_on_a_small_stack() {
    on_a_small_stack(|| {
        let mut even = Even::from_code(EvenCode::Leaf);
        for _ in 0..DEEP / 2 {
            let odd = Odd::from(even);
            even = Even::from(odd);
        }
        // Every level is there: the outermost, then one cause per level below it.
        assert_eq!(even.chain().count(), DEEP / 2 * 2 + 1);
        // A clone shares the outermost payload: the nesting is released with the last.
        let clone = even.clone();
        drop(even);
        assert!(std::error::Error::source(&clone).is_some());
        drop(clone);
    });
}

/// Statuses nested a million deep through `with_source` and `or_status`, which take any error
/// (a status, a boxed status), drop on a thread with a 2 MiB stack: each is recognised as a
/// status when it is given, and released in the loop.
#[test]
fn statuses_nested_a_million_deep_as_any_error_drop_on_a_small_stack() {
    on_a_small_stack(|| {
        let mut status = Even::from_code(EvenCode::Leaf);
        for level in 0..DEEP {
            let outer = Even::from_code(EvenCode::Leaf);
            status = match level % 3 {
                0 => outer.with_source(status),
                1 => {
                    let boxed: Box<dyn Error + Send + Sync> = Box::new(status);
                    outer.with_source(boxed)
                }
                _ => Err::<(), _>(status)
                    .or_status(EvenCode::Wrapped)
                    .expect_err("an error"),
            };
        }
        assert_eq!(status.chain().count(), DEEP + 1);
        let clone = status.clone();
        drop(status);
        drop(clone);
    });
}

/// A status given as any error is still shown as a status, and a wrapper whose `source()`
/// reaches a status is not taken for one.
#[test]
fn a_status_given_as_any_error_is_known_as_one() {
    #[derive(Debug)]
    struct Wrapper(Even);
    impl std::fmt::Display for Wrapper {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("wrapper")
        }
    }
    impl Error for Wrapper {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            self.0.source()
        }
    }
    let inner = Even::from_code(EvenCode::Leaf).context("inner line");
    let status = Odd::from_code(OddCode::Wrapped).with_source(inner.clone());
    // The structural form lists a status as a status: its text and its context lines.
    let structural = format!("{status:#?}");
    assert!(
        structural.contains("Status {\n            error: \"Leaf\""),
        "{structural}"
    );
    assert!(structural.contains("\"inner line\""), "{structural}");
    let wrapped = Odd::from_code(OddCode::Wrapped).with_source(Wrapper(inner));
    let structural = format!("{wrapped:#?}");
    assert!(
        structural.contains("Wrapper(") && !structural.contains("error: \"wrapper\""),
        "the wrapper is listed as an error of its own: {structural}"
    );
    drop(wrapped);
}

/// Kinds whose variants hold statuses in their fields, so that statuses nest in each other's
/// values as deep as a test wants: a source field, a `transparent` one and an optional one.
#[derive(FastStatus, Debug)]
#[status(name = Ping)]
pub enum PingKind {
    /// A `Pong` as the source field.
    #[error("ping")]
    Wrapped(#[from] Pong),
    /// A `Pong`, transparently.
    #[error(transparent)]
    Through(Pong),
    /// Maybe a `Pong`.
    #[error("maybe")]
    Maybe(#[source] Option<Pong>),
    /// The innermost status.
    #[error("leaf")]
    Leaf(u64),
}

/// The other half of the nesting.
#[derive(FastStatus, Debug)]
#[status(name = Pong)]
pub enum PongKind {
    /// A `Ping` as the source field.
    #[error("pong")]
    Wrapped(#[from] Ping),
}

/// Statuses nested a million deep in each other's values (a kind's source field, a
/// `transparent` field, an optional one, in turn) drop on a thread with a 2 MiB stack; so do
/// the same with a source given by `with_source` beside each value, and a shared level, which
/// keeps what it holds alive until its last share goes.
#[test]
fn statuses_nested_a_million_deep_in_kind_fields_drop_on_a_small_stack() {
    on_a_small_stack(|| {
        let (mut ping, mut entries) = (Ping::leaf(u64::MAX), 1);
        for level in 0..DEEP / 2 {
            let wrapper = Pong::wrapped(ping);
            // A transparent level is its field in the chain: no entry of its own.
            (ping, entries) = match level % 3 {
                0 => (Ping::from(wrapper), entries + 2),
                1 => (Ping::through(wrapper), entries + 1),
                _ => (Ping::maybe(Some(wrapper)), entries + 2),
            };
        }
        assert_eq!(ping.chain().count(), entries);
        let clone = ping.clone();
        drop(ping);
        assert!(std::error::Error::source(&clone).is_some());
        drop(clone);

        // A status in the value and another given as the source, at every level.
        let mut ping = Ping::leaf(1);
        for _ in 0..DEEP / 2 {
            let side = Ping::leaf(2).with_source(Ping::leaf(3));
            ping = Ping::from(Pong::wrapped(ping)).with_source(side);
        }
        drop(ping);

        // A level shared with a changed copy: the value is released with the copy.
        let mut ping = Ping::leaf(1);
        for _ in 0..DEEP / 2 {
            ping = Ping::from(Pong::wrapped(ping));
        }
        let copy = ping.clone().context("a changed copy shares the value");
        drop(ping);
        assert_eq!(copy.chain().count(), DEEP / 2 * 2 + 2);
        drop(copy);
    });
}

/// The structural form, `{:#?}`, lists a chain's causes flat, each status by its one line,
/// creation site and context lines: twice the nesting, about twice the text (a form nesting
/// each cause's whole structure inside the one before grows with the square of the depth).
#[test]
fn the_structural_form_grows_with_the_depth_not_its_square() {
    fn nested(depth: usize) -> Even {
        let mut even = Even::from_code(EvenCode::Leaf).context("the leaf's line");
        for _ in 0..depth / 2 {
            even = Even::from(Odd::from(even));
        }
        even
    }
    let (shallow, deep) = (nested(100), nested(200));
    let (shallow, deep) = (format!("{shallow:#?}").len(), format!("{deep:#?}").len());
    assert!(
        deep < shallow * 5 / 2,
        "{shallow} bytes at depth 100, {deep} at 200"
    );
    let text = format!("{:#?}", nested(2));
    assert!(text.contains("causes: ["), "{text}");
    assert!(
        text.contains("error: \"Wrapped\","),
        "a nested status is listed by its one line: {text}"
    );
}

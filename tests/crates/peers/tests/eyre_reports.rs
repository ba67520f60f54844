//! eyre's reports of statuses: like anyhow's, its default handler prints each entry of the
//! source chain by its `Display`, so a status's context lines and the status it wraps reach it
//! as entries, and every text is printed once.

use std::io;

use fast_status::{FastStatus, ResultExt};

/// The codes of a network layer.
#[derive(FastStatus, Clone, Copy, Debug)]
#[status(name = Net)]
pub enum NetCode {
    /// No answer in time.
    Timeout = 1,
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

fn call() -> Result<(), Net> {
    Err(Net::timeout("after 30 ms"))
}

fn serve() -> Result<(), App> {
    call().context("calling upstream")?;
    Ok(())
}

fn upstream() -> eyre::Result<()> {
    serve().context("serving /index")?;
    Ok(())
}

fn open_config() -> eyre::Result<Vec<u8>> {
    let bytes = std::fs::read("/no/such/config.toml")
        .or_status(AppCode::Io)
        .context("loading the config")?;
    Ok(bytes)
}

/// eyre's `{:?}` down to its chain: without the location and backtrace sections its default
/// handler adds after it.
fn chain_report(report: &eyre::Report) -> String {
    let debug = format!("{report:?}");
    debug
        .split("\n\nLocation:")
        .next()
        .and_then(|report| report.split("\n\nStack backtrace:").next())
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn eyre_sees_every_line_and_every_text_once() {
    let report = upstream().unwrap_err();
    assert_eq!(
        format!("{report:#}"),
        "Upstream failed: serving /index: Timeout: after 30 ms: calling upstream"
    );
    assert_eq!(
        chain_report(&report),
        "Upstream failed\n\nCaused by:\n   0: serving /index\n   \
         1: Timeout: after 30 ms\n   2: calling upstream"
    );
    // Still the status underneath, with its code.
    let app = report.downcast_ref::<App>().expect("the status itself");
    assert!(app.is_upstream());
}

#[test]
fn eyre_shows_a_foreign_errors_text_once() {
    let text = std::fs::read("/no/such/config.toml")
        .unwrap_err()
        .to_string();
    let report = open_config().unwrap_err();
    assert_eq!(
        format!("{report:#}"),
        format!("I/O error: loading the config: {text}")
    );
    assert_eq!(
        chain_report(&report),
        format!("I/O error\n\nCaused by:\n   0: loading the config\n   1: {text}")
    );
}

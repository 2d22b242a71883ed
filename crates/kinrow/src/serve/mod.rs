//! `kinrow serve`: the solver behind a page in the browser.
//!
//! One page (`assets/serve.{html,css,js}`, embedded) and a small JSON API
//! on an HTTP/1.1 server (axum over hyper, on a one-thread tokio runtime:
//! the server itself only moves bytes; every search runs on a thread of
//! its own). The answers are the command line's: [`question`] calls the
//! same functions as `solve`, `solve --defences` and `analyse`, and hands
//! the page the same JSON objects and the same text.
//!
//! Guards, each in one place:
//! - [`guard`]: the `Host` a request names must be this server's (a page
//!   of another site that rebinds a name to 127.0.0.1 is refused), a
//!   request that says where it comes from (`Origin`, `Sec-Fetch-Site`)
//!   must come from this page, and the API asks for the page's client
//!   header (which a page of another origin cannot send without a CORS
//!   preflight that this server never grants); bodies are at most
//!   [`MAX_BODY`].
//! - [`question`]: every request read and checked (the text by the format
//!   crate, as files are; the prover, the budgets), with the server's
//!   caps on time, threads and memory applied whatever the client asks.
//! - [`jobs`]: at most `searches` searches at once, the rest queued (at
//!   most `queue`, then refused), one search per client; a search whose
//!   client goes away is stopped ([`kinrow_prover::Progress::request_stop`])
//!   and its memory freed with its thread.

mod guard;
mod jobs;
mod page;
mod position;
mod question;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body read: a game record or a suite of positions
/// is far smaller.
pub const MAX_BODY: usize = 1 << 20;

/// The server's settings: what every request is held to.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where it listens (the port may be 0 until bound).
    pub bind: SocketAddr,
    /// The most time one request may search.
    pub max_time: Duration,
    /// The most threads one search may use.
    pub max_threads: usize,
    /// Searches that run at once.
    pub searches: usize,
    /// Searches that may wait for their turn.
    pub queue: usize,
    /// Search memory of one search (tables, arenas), in bytes.
    pub memory_per_search: u64,
}

/// A request refused, and why: the status and the message the page shows.
#[derive(Debug)]
pub struct Refusal {
    pub status: StatusCode,
    pub message: String,
}

impl Refusal {
    /// Bad input (400).
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response()
    }
}

/// Serves on `listener` until the process ends.
///
/// # Errors
///
/// The runtime or the listener failing.
pub fn serve(config: Config, listener: std::net::TcpListener) -> std::io::Result<()> {
    let bound = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let state = Arc::new(jobs::Server::new(Config {
            bind: bound,
            ..config
        }));
        axum::serve(listener, router(state)).await
    })
}

fn router(state: Arc<jobs::Server>) -> Router {
    let api = Router::new()
        .route("/api/info", get(question::info))
        .route("/api/position", post(question::position))
        .route("/api/solve", post(question::solve))
        .route("/api/defences", post(question::defences))
        .route("/api/analyse", post(question::analyse))
        .route("/api/cancel", post(jobs::cancel))
        .route("/api/status", get(jobs::status))
        .route_layer(axum::middleware::from_fn(guard::client));
    Router::new()
        .route("/", get(page::index))
        .route("/serve.css", get(page::css))
        .route("/serve.js", get(page::js))
        .merge(api)
        .fallback(page::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::same_site,
        ))
        .with_state(state)
}

/// A JSON answer (200).
pub fn json_response(value: serde_json::Value) -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

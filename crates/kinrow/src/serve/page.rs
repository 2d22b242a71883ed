//! The page: one HTML file, its style sheet and its script, embedded in
//! the binary (nothing is fetched from anywhere else; the
//! Content-Security-Policy says so to the browser).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

const HTML: &str = include_str!("../../assets/serve.html");
const CSS: &str = include_str!("../../assets/serve.css");
const JS: &str = include_str!("../../assets/serve.js");

/// Only this server's own files and API; the board pictures come as SVG
/// text and are drawn into the page, downloads are made in the page.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

fn asset(kind: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "no-referrer"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}

pub async fn index() -> Response {
    asset("text/html; charset=utf-8", HTML)
}

pub async fn css() -> Response {
    asset("text/css; charset=utf-8", CSS)
}

pub async fn js() -> Response {
    asset("text/javascript; charset=utf-8", JS)
}

pub async fn not_found() -> Response {
    super::Refusal {
        status: StatusCode::NOT_FOUND,
        message: "no such page: the board is at /, the API under /api/ (docs/serve.md)".into(),
    }
    .into_response()
}

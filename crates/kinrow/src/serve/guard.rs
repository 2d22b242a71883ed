//! The checks every request passes before a handler sees it: the server it
//! names, where it comes from, and (for the API) the client it is for.

use super::jobs::Server;
use super::Refusal;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The header by which the page names its client (one per browser tab): a
/// search belongs to it, and a page of another origin cannot send it
/// without a CORS preflight, which this server never grants.
pub const CLIENT_HEADER: &str = "x-kinrow-client";

/// The client a request is for, as [`client`] checked it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub String);

fn forbidden(message: String) -> Response {
    Refusal {
        status: StatusCode::FORBIDDEN,
        message,
    }
    .into_response()
}

/// Refuses a request that names another server in `Host` (a name of
/// another site rebound to this address), or that comes from another
/// origin (`Origin` other than this server's, `Sec-Fetch-Site` other than
/// `same-origin` or `none`). A navigation to the page itself is let in
/// from anywhere (a link to a position is meant to be followed); it does
/// nothing but show the page.
pub async fn same_site(
    State(server): State<Arc<Server>>,
    request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    let Some(host) = text(headers, header::HOST.as_str()) else {
        return forbidden("a request must name this server in its Host header".into());
    };
    if !server.serves_host(host) {
        return forbidden(format!(
            "Host `{host}` is not this server's name (requests from other sites are refused)"
        ));
    }
    let page = request.method() == Method::GET && request.uri().path() == "/";
    if let Some(origin) = text(headers, header::ORIGIN.as_str()) {
        if origin != format!("http://{host}") && !page {
            return forbidden(format!(
                "requests from other origins are refused (Origin `{origin}`)"
            ));
        }
    }
    if let Some(site) = text(headers, "sec-fetch-site") {
        if !page && site != "same-origin" && site != "none" {
            return forbidden(format!(
                "requests from other sites are refused (Sec-Fetch-Site `{site}`)"
            ));
        }
    }
    next.run(request).await
}

/// Asks an API request for its client ([`CLIENT_HEADER`]: 1 to 64
/// letters, digits, `-` or `_`) and hands it on to the handler.
pub async fn client(mut request: Request, next: Next) -> Response {
    let id = text(request.headers(), CLIENT_HEADER).map(str::to_string);
    match id {
        Some(id)
            if (1..=64).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            request.extensions_mut().insert(Client(id));
            next.run(request).await
        }
        _ => Refusal::bad(format!(
            "the API needs an `{CLIENT_HEADER}` header: 1 to 64 letters, digits, `-` or `_`"
        ))
        .into_response(),
    }
}

/// A header's value as text, if it is there and is text.
fn text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name)?.to_str().ok()
}

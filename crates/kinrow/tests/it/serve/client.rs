//! A `kinrow serve` process on a free loopback port, and a small HTTP/1.1
//! client for it (plain `std::net`: requests, JSON answers, and streams of
//! server-sent events read one event at a time). Every socket has a read
//! timeout, so no test waits forever on a server that went quiet.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The longest a test waits for one read from the server.
const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// A server process, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// `kinrow serve --port 0 --max-threads 1` with `args` added.
    pub fn start(args: &[&str]) -> Server {
        Server::start_with(args, &[])
    }

    /// [`Server::start`] with environment variables `env` set.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("kinrow"))
            .args(["serve", "--port", "0", "--max-threads", "1"])
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start kinrow serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address");
        let addr = line
            .trim()
            .strip_prefix("kinrow: serving on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the server's first line: {line:?}"))
            .parse()
            .expect("an address");
        Server { child, addr }
    }

    /// The `Host` header that names this server.
    pub fn host(&self) -> String {
        self.addr.to_string()
    }

    /// Opens a connection and sends a request; `headers` come after
    /// `Host` (pass `("host", ...)` as the first to replace it).
    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        stream
            .set_read_timeout(Some(READ_TIMEOUT))
            .expect("timeout");
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.host()));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ));
        stream.write_all(head.as_bytes()).expect("send");
        // A server may answer (413) before it reads a long body; what it
        // did not read may then fail to send.
        let _ = stream.write_all(body.as_bytes());
        Reply::read(stream)
    }

    /// `POST path` with `body` as the client `client`.
    pub fn post(&self, path: &str, client: &str, body: &Value) -> Reply {
        self.send(
            "POST",
            path,
            &[
                ("X-Kinrow-Client", client),
                ("Content-Type", "application/json"),
            ],
            &body.to_string(),
        )
    }

    /// `GET /api/status`.
    pub fn status(&self) -> Value {
        self.send("GET", "/api/status", &[("X-Kinrow-Client", "status")], "")
            .json()
    }

    /// Waits (up to `within`) until no search runs or waits; whether it
    /// came to that.
    pub fn idle_within(&self, within: Duration) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < within {
            let s = self.status();
            if s["running"] == 0 && s["waiting"] == 0 && s["clients"] == 0 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    /// The server's resident memory in bytes (Linux).
    pub fn rss(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: its status and headers read, its body read on demand.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    body: Body,
}

enum Body {
    Length(BufReader<TcpStream>, usize),
    Chunked(BufReader<TcpStream>, Vec<u8>),
}

impl Reply {
    fn read(stream: TcpStream) -> Reply {
        let mut r = BufReader::new(stream);
        let mut line = String::new();
        r.read_line(&mut line).expect("status line");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("a status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            r.read_line(&mut line).expect("header");
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (k, v) = l.split_once(':').expect("a header");
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        let header = |name: &str| headers.iter().find(|(k, _)| k == name).map(|(_, v)| v);
        let body = if header("transfer-encoding").is_some_and(|v| v == "chunked") {
            Body::Chunked(r, Vec::new())
        } else {
            let n = header("content-length").map_or(0, |v| v.parse().expect("a length"));
            Body::Length(r, n)
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The whole body as text.
    pub fn text(mut self) -> String {
        let mut out = Vec::new();
        while let Some(part) = self.more() {
            out.extend(part);
        }
        String::from_utf8(out).expect("UTF-8")
    }

    /// The whole body as JSON.
    pub fn json(self) -> Value {
        let text = self.text();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("JSON ({e}): {text}"))
    }

    /// The next part of the body (a chunk), `None` at its end.
    fn more(&mut self) -> Option<Vec<u8>> {
        match &mut self.body {
            Body::Length(r, n) => {
                if *n == 0 {
                    return None;
                }
                let mut buf = vec![0; *n];
                r.read_exact(&mut buf).expect("body");
                *n = 0;
                Some(buf)
            }
            Body::Chunked(r, _) => {
                let mut line = String::new();
                if r.read_line(&mut line).ok()? == 0 {
                    return None;
                }
                let size = usize::from_str_radix(line.trim(), 16).expect("a chunk size");
                let mut buf = vec![0; size + 2];
                r.read_exact(&mut buf).ok()?;
                buf.truncate(size);
                (size > 0).then_some(buf)
            }
        }
    }

    /// The next server-sent event: its name and data; `None` at the end
    /// of the stream.
    pub fn event(&mut self) -> Option<(String, Value)> {
        loop {
            if let Body::Chunked(_, pending) = &mut self.body {
                if let Some(at) = pending.windows(2).position(|w| w == b"\n\n") {
                    let block: Vec<u8> = pending.drain(..at + 2).collect();
                    let block = String::from_utf8(block).expect("UTF-8");
                    let mut name = String::from("message");
                    let mut data = String::new();
                    for line in block.lines() {
                        if let Some(n) = line.strip_prefix("event: ") {
                            name = n.to_string();
                        } else if let Some(d) = line.strip_prefix("data: ") {
                            data.push_str(d);
                        }
                    }
                    let value = serde_json::from_str(&data).expect("an event's data is JSON");
                    return Some((name, value));
                }
            }
            let part = self.more()?;
            if let Body::Chunked(_, pending) = &mut self.body {
                pending.extend(part);
            }
        }
    }

    /// The events up to the end of the stream, the last one returned.
    pub fn last_event(&mut self) -> (String, Value) {
        let mut last = None;
        while let Some(e) = self.event() {
            last = Some(e);
        }
        last.expect("at least one event")
    }
}

import Foundation

/// A headless Chromium driven through chromedriver's plain-HTTP WebDriver endpoints (a minimal
/// HTTP/1.1 client over a loopback socket: URLSession on Linux fails on chromedriver's answers), with the
/// DevTools protocol reached through `/session/{id}/goog/cdp/execute` (touch emulation,
/// downloads). Used by the recorder page's browser tests.
///
/// Every request has a timeout, and ``close()`` ends the session and the chromedriver process
/// this object started (by its own handle, never by name), so a test cannot hang on the browser.
/// Tests that need it are skipped with ``skipMessage`` where Chromium is not installed
/// (`Scripts/setup.sh` installs `chromium` and `chromium-driver`).
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let chromiumCandidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    static let driverCandidates = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]

    static var chromiumPath: String? { chromiumCandidates.first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var driverPath: String? { driverCandidates.first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var isAvailable: Bool { chromiumPath != nil && driverPath != nil }
    static let skipMessage = "skipped: Chromium and chromedriver are not installed (Scripts/setup.sh installs chromium and chromium-driver)"

    private let driver: Process
    private let port: Int
    private(set) var sessionID = ""
    private let timeout: TimeInterval

    /// Starts chromedriver on a free port and opens a headless Chromium window `width` × `height` CSS px,
    /// with `arguments` added to Chromium's command line (e.g. `--disable-features=…`).
    init(width: Int = 390, height: Int = 844, downloadDirectory: String? = nil, arguments: [String] = [],
         timeout: TimeInterval = 30) throws {
        guard let chromium = Self.chromiumPath, let driverPath = Self.driverPath else { throw Failure(description: Self.skipMessage) }
        self.timeout = timeout
        port = try Self.freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: driverPath)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        do {
            try waitUntilReady()
            var prefs: [String: Any] = [:]
            if let downloadDirectory {
                prefs = ["download.default_directory": downloadDirectory, "download.prompt_for_download": false]
            }
            let args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--window-size=\(width),\(height)", "--hide-scrollbars", "--no-first-run"] + arguments
            let caps: [String: Any] = ["capabilities": ["alwaysMatch": [
                "goog:chromeOptions": ["binary": chromium, "args": args, "prefs": prefs] as [String: Any],
            ]]]
            let created = try request("POST", "/session", caps)
            guard let value = created["value"] as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure(description: "chromedriver did not create a session: \(created)")
            }
            sessionID = id
            if let downloadDirectory {
                _ = try cdp("Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": downloadDirectory])
            }
        } catch {
            close()
            throw error
        }
    }

    /// An unused TCP port on the loopback interface (bound, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { Foundation.close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Int32 in
                guard bind(fd, p, len) == 0 else { return -1 }
                return getsockname(fd, p, &len)
            }
        }
        guard bound == 0 else { throw Failure(description: "bind() failed") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let status = try? request("GET", "/status", nil, timeout: 2),
               let value = status["value"] as? [String: Any], value["ready"] as? Bool == true {
                return
            }
            guard driver.isRunning else { throw Failure(description: "chromedriver exited at start") }
            usleep(100_000)
        }
        throw Failure(description: "chromedriver did not answer within 15 s")
    }

    /// One WebDriver request; the JSON answer, or a failure naming the path and the error.
    @discardableResult
    func request(_ method: String, _ path: String, _ body: [String: Any]?, timeout: TimeInterval? = nil) throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try Self.http(method: method, port: port, path: path, body: payload, timeout: timeout ?? self.timeout)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(method) \(path): not a JSON object")
        }
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return object
    }

    /// A blocking HTTP/1.1 exchange with `Connection: close` on 127.0.0.1; the response body.
    /// Send and receive time out after `timeout` seconds each.
    static func http(method: String, port: Int, path: String, body: Data, timeout: TimeInterval) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { Foundation.close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "\(method) \(path): cannot connect to port \(port)") }
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        request += Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        request += body
        var sent = 0
        while sent < request.count {
            let n = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "\(method) \(path): send failed or timed out") }
            sent += n
        }
        // chromedriver keeps the connection open after answering: read until the body is complete
        // (Content-Length, or the last chunk), not until end of stream.
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else { throw Failure(description: "\(method) \(path): no complete answer within \(Int(timeout)) s") }
            response.append(contentsOf: buffer[0..<n])
            if let split = response.range(of: separator), let body = completeBody(response, headerEnd: split) {
                return try body()
            }
        }
        guard let split = response.range(of: separator), let body = completeBody(response, headerEnd: split) else {
            throw Failure(description: "\(method) \(path): malformed or truncated HTTP answer")
        }
        return try body()
    }

    /// The body once `response` holds all of it (a closure that decodes it), or `nil` while more is to come.
    static func completeBody(_ response: Data, headerEnd split: Range<Data.Index>) -> (() throws -> Data)? {
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        let payload = Data(response[split.upperBound...])
        if head.contains("transfer-encoding: chunked") {
            guard payload.range(of: Data("0\r\n\r\n".utf8)) != nil else { return nil }
            return { try dechunk(payload) }
        }
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            guard let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return nil }
            return payload.count >= length ? { Data(payload.prefix(length)) } : nil
        }
        return nil
    }

    /// The body of a chunked HTTP answer.
    static func dechunk(_ data: Data) throws -> Data {
        var out = Data()
        var rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<line.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure(description: "malformed chunk size")
            }
            if size == 0 { break }
            let start = line.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { throw Failure(description: "short chunk") }
            let end = rest.index(start, offsetBy: size)
            out += rest[start..<end]
            rest = rest[rest.index(end, offsetBy: min(2, rest.distance(from: end, to: rest.endIndex)))...]
        }
        return out
    }

    func navigate(to url: URL) throws {
        try request("POST", "/session/\(sessionID)/url", ["url": url.absoluteString])
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) and returns its value.
    func execute(_ script: String, _ args: [Any] = []) throws -> Any? {
        let answer = try request("POST", "/session/\(sessionID)/execute/sync", ["script": script, "args": args])
        return answer["value"]
    }

    /// Runs asynchronous `script` (it calls `arguments[arguments.length - 1]` with its value) and
    /// returns that value.
    func executeAsync(_ script: String, _ args: [Any] = []) throws -> Any? {
        let answer = try request("POST", "/session/\(sessionID)/execute/async", ["script": script, "args": args])
        return answer["value"]
    }

    /// A DevTools protocol command.
    @discardableResult
    func cdp(_ command: String, _ params: [String: Any]) throws -> Any? {
        try request("POST", "/session/\(sessionID)/goog/cdp/execute", ["cmd": command, "params": params])["value"]
    }

    deinit { close() }

    /// Ends the session and the chromedriver process this object started (idempotent).
    func close() {
        if !sessionID.isEmpty {
            _ = try? request("DELETE", "/session/\(sessionID)", nil, timeout: 10)
            sessionID = ""
        }
        if driver.isRunning {
            driver.terminate()
            for _ in 0..<50 where driver.isRunning { usleep(100_000) }
            if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        }
    }
}

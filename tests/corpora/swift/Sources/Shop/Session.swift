import Foundation

public protocol RequestAdapter {
    // lode: RequestAdapter.adapt
    func adapt(_ request: URLRequest) throws -> URLRequest
}

// lode: Shop.Session
open class Session {
    // lode: Session.request
    open func request(_ url: URL) -> Request {
        // lode-ref: Shop.Request
        Request(URLRequest(url: url))
    }
}

// lode-impl: Shop.RequestAdapter
struct NoAdapter: RequestAdapter {
    func adapt(_ request: URLRequest) throws -> URLRequest { request }
}

// lode: Shop.Request
public struct Request {
    let urlRequest: URLRequest
    init(_ urlRequest: URLRequest) { self.urlRequest = urlRequest }
}

extension Request {
    // lode: Request.validate
    public func validate() -> Self { self }
}

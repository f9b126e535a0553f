/**
 * The base of the errors that are answers rather than faults — a refusal (429, 402, 400), an upstream's failure
 * (a 503, a time-out), no route — which a gateway makes by the thousand in a storm of them. They capture no stack
 * trace: its capture is what an error costs, ~10 µs each under an async call chain against ~1 µs without, and a
 * failed call made two or three (UpstreamError, then the GatewayError of its answer). What caused one, when it
 * came from a fault (a socket error), stays on `cause`, with that error's own stack. `keepStack` keeps it for an
 * error worth its stack (svc's own internal_error).
 */
export class AnswerError extends Error {
  constructor(message: string, options?: ErrorOptions, keepStack = false) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (!keepStack) Error.stackTraceLimit = 0;
    try {
      super(message, options);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

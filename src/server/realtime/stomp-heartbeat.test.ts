import { describe, expect, it } from "vitest";
import { negotiateHeartBeat } from "./stomp-heartbeat";

const server = { sendMs: 1000, receiveMs: 1000 };

describe("STOMP 1.2 heart-beat negotiation", () => {
  it("takes the larger of each side's interval, and 0 when either side says 0", () => {
    expect(negotiateHeartBeat("10000,10000", server)).toEqual({ outgoingMs: 10000, incomingMs: 10000 });
    expect(negotiateHeartBeat("200,50", server)).toEqual({ outgoingMs: 1000, incomingMs: 1000 });
    expect(negotiateHeartBeat("0,5000", server)).toEqual({ outgoingMs: 5000, incomingMs: 0 });
    expect(negotiateHeartBeat("5000,0", server)).toEqual({ outgoingMs: 0, incomingMs: 5000 });
    expect(negotiateHeartBeat("5000,5000", { sendMs: 0, receiveMs: 0 })).toEqual({ outgoingMs: 0, incomingMs: 0 });
  });

  it("no header means no heart-beats; a malformed one is refused", () => {
    expect(negotiateHeartBeat(undefined, server)).toEqual({ outgoingMs: 0, incomingMs: 0 });
    for (const header of ["", "10", "a,b", "-1,5", "1,2,3", "1.5,2"]) {
      expect(negotiateHeartBeat(header, server)).toBeNull();
    }
  });
});

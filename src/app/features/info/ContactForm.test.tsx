import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/api-error";
import { sendContactMessage } from "../../api/requests";
import { renderWithI18n } from "../../test-support/render";
import { ContactForm } from "./ContactForm";

vi.mock("../../api/requests", () => ({ sendContactMessage: vi.fn() }));
const send = vi.mocked(sendContactMessage);

function fill(name: string, email: string, message: string) {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: name } });
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: message } });
}

describe("contact form (spec §5: all fields mandatory with valid e-mail)", () => {
  // Braces matter: a function returned from beforeEach is run as its teardown.
  beforeEach(() => {
    send.mockReset();
  });

  it("shows inline errors and sends nothing while the form is incomplete", () => {
    renderWithI18n(<ContactForm />);
    fill("", "not-an-email", "");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(screen.getAllByText("Please fill in this field")).toHaveLength(2);
    expect(screen.getByText(/valid e-mail address/)).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the message with the last visited store and empties the form on success", async () => {
    localStorage.setItem("lastStoreId", "7");
    send.mockResolvedValue(undefined);
    renderWithI18n(<ContactForm />);
    fill("Maria", " maria@example.gr ", "The sunbeds were lovely");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await screen.findByText(/Your message has been sent/);
    expect(send).toHaveBeenCalledWith({
      storeId: 7,
      name: "Maria",
      email: "maria@example.gr",
      message: "The sunbeds were lovely",
    });
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });

  it("keeps everything typed when sending fails", async () => {
    send.mockImplementation(async () => {
      throw new ApiError("NETWORK_ERROR", "Failed to fetch", null);
    });
    renderWithI18n(<ContactForm />);
    fill("Maria", "maria@example.gr", "Please call me back");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await screen.findByText(/Your message was not sent/);
    expect(screen.getByText(/try again later/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Please call me back"),
    );
    expect(send).toHaveBeenCalledWith({ name: "Maria", email: "maria@example.gr", message: "Please call me back" });
  });
});

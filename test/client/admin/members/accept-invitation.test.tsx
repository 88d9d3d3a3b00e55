// The page an invitation email links to (issue 10 §5): the invitee sets a password; a refused link or
// password shows next to the password, focused; done, it points to the sign-in.
import { act, fireEvent, screen } from "@testing-library/react";
import { AcceptInvitationScreen } from "../../../../client/admin/members/AcceptInvitationScreen.tsx";
import { renderWithRelay } from "../../support/render.tsx";

it("sends the token, password and name; a refusal shows next to the password, focused; success points to the sign-in", async () => {
  const { environment } = renderWithRelay(<AcceptInvitationScreen token="tok-1" />);
  expect(screen.getByText("At least 10 characters.")).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Eddie" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "short" } });
  fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
  const first = environment.mock.getMostRecentOperation();
  expect(first.request.variables).toEqual({ input: { token: "tok-1", password: "short", displayName: "Eddie" } });
  await act(async () => {
    environment.mock.resolve(first, {
      data: {
        acceptContributorInvitation: {
          __typename: "InvalidInputError",
          __isError: "InvalidInputError",
          message: "Choose a password of at least 10 characters.",
        },
      },
    } as never);
  });
  expect(screen.getByText("Choose a password of at least 10 characters.").id).toBe("accept-password-error");
  expect(document.activeElement).toBe(screen.getByLabelText("Password"));

  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long enough password" } });
  fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
  await act(async () => {
    environment.mock.resolveMostRecentOperation({
      data: { acceptContributorInvitation: { __typename: "AcceptContributorInvitationSuccess", email: "ed@example.com" } },
    } as never);
  });
  expect(screen.getByRole("status").textContent).toBe("Your account ed@example.com is ready. Sign in to continue.");
  expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/config");
});

it("without a token says the page needs the email's link", () => {
  renderWithRelay(<AcceptInvitationScreen token={null} />);
  expect(screen.getByRole("alert").textContent).toBe("This page needs the link from your invitation email.");
  expect(screen.queryByRole("button")).toBeNull();
});

/** The message of a whole form (a server answer no field took), above the fields. */
export function FormAlert({
  message,
  testId = 'form-error',
}: {
  message: string | null;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <div
      className="p-message p-component p-message-error form-alert"
      role="alert"
      data-testid={testId}
    >
      <div className="p-message-wrapper">
        <i className="pi pi-times-circle p-message-icon" aria-hidden="true" />
        <span className="p-message-detail">{message}</span>
      </div>
    </div>
  );
}

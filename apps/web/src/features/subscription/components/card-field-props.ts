/** What a card field gives back: a provider token, or null with the provider's reason. */
export interface CardFieldProps {
  busy: boolean;
  onToken: (token: string | null, reason?: string) => void;
}

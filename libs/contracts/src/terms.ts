export interface TermsSection {
  heading: string;
  paragraphs: readonly string[];
}

/**
 * The shop's terms and conditions as the footer's side sheet shows them (in short: returns within
 * 7 days, refunds within 14 days, shoppers 18 or older, Kenyan law, last updated June 2025).
 */
export const TERMS_AND_CONDITIONS: { title: string; lastUpdated: string; introduction: string; sections: readonly TermsSection[] } = {
  title: 'Terms and Conditions',
  lastUpdated: 'June 2025',
  introduction:
    'Welcome to Toy Duka, a family-run toy shop in Nairobi. These terms explain how shopping with us works. By creating an account or placing an order you agree to them, so please take a few minutes to read them.',
  sections: [
    {
      heading: 'Who can shop with us',
      paragraphs: [
        'You must be 18 years or older to create an account and place orders. Children are welcome to help choose their toys, but a parent, guardian or another adult has to do the buying.',
        'Please keep your sign-in details to yourself. You are responsible for what is done with your account.',
      ],
    },
    {
      heading: 'Prices and payment',
      paragraphs: [
        'All prices are in Kenyan shillings (KES) and include any taxes that apply. The delivery fee depends on your delivery address and is shown at checkout before you pay.',
        'You can pay with M-Pesa or PayPal. Your order is confirmed once your payment has gone through. If a price on the site is clearly wrong, we will contact you before we send anything, and you may cancel.',
      ],
    },
    {
      heading: 'Delivery',
      paragraphs: [
        'We deliver to the counties listed at checkout. Delivery times are estimates; we will let you know if something holds your order up.',
        'Express delivery costs extra and is arranged by phone: call us and we will agree the time and the fee with you.',
      ],
    },
    {
      heading: 'Returns',
      paragraphs: [
        'If a toy arrives broken, faulty or different from what was described, tell us within 7 days of delivery and we will arrange a return.',
        'Please keep the item, its packaging and any accessories together so we can check it. Items damaged after delivery through normal play or misuse cannot be returned.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Once we have received and checked a returned item, we refund you within 14 days, using the same way you paid whenever we can.',
        'If we cannot deliver an order at all, we refund the full amount, delivery fee included.',
      ],
    },
    {
      heading: 'Toy safety',
      paragraphs: [
        'Please read the age guidance and safety notes on each toy and its packaging, and supervise young children while they play. Small parts can be a choking hazard for children under 3.',
      ],
    },
    {
      heading: 'Your information',
      paragraphs: [
        'We use your name, contact details and addresses only to run your account, deliver your orders and answer your questions. We do not sell your information to anyone.',
      ],
    },
    {
      heading: 'The law that applies',
      paragraphs: [
        'These terms are governed by the laws of Kenya, and any dispute about them will be settled by the courts of Kenya. Nothing in these terms takes away the rights you have as a consumer under Kenyan law.',
      ],
    },
    {
      heading: 'Changes and questions',
      paragraphs: [
        'We may update these terms from time to time; the date at the top shows when they last changed. If you have a question about them, call us or visit us in Nairobi — we are happy to help.',
      ],
    },
  ],
};

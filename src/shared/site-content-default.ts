import type { SiteContent } from './site-content.ts';

/**
 * The landing's content as the project ships it: what the first start publishes as version 1
 * (decision 067), so a fresh `npm start` shows this page. Numbers and promises follow the
 * spec's brand claims (§1): 12+ years in tech, 100+ projects, 24hr response, 30-day bug warranty,
 * MVPs in 7-10 days (simple), 2-3 weeks (standard) and 3-6 weeks (complex AI platforms).
 */
export const defaultSiteContent: SiteContent = {
  seo: {
    title: '{name} | Websites, apps and AI workflows for small businesses',
    ogImage: '/og-image.jpg',
    ogImageSize: { width: 1200, height: 630 },
    description:
      '{name} designs and builds fast websites, custom apps and AI-powered workflows for small businesses. Every site ships with a built-in mini CRM. 12+ years in tech, 100+ projects, replies within 24 hours.',
    ogImageAlt: '{name}: websites, apps and AI workflows for small businesses',
    serviceType: [
      'Website design and development',
      'Custom web and mobile app development',
      'AI workflow automation',
      'Small-business IT support',
      'Rapid prototyping',
      'Website maintenance',
    ],
  },
  splash: {
    tagline: '{shortName} builds what’s next',
    subline: 'Websites · Apps · AI workflows',
  },
  navItems: [
    { label: 'Services', sectionId: 'services' },
    { label: 'Projects', sectionId: 'current-projects' },
    { label: 'Process', sectionId: 'process' },
    { label: 'FAQ', sectionId: 'faq' },
  ],
  header: {
    contactCta: 'Get in touch',
    navLabel: 'Sections',
  },
  hero: {
    eyebrow: 'Websites · Apps · AI workflows',
    headline: ['Build Fast.', 'Think Big.', 'Deliver Impact.'],
    intro:
      'We design, build and look after websites and apps for small businesses. Every site we ship comes with a built-in mini CRM, so your leads, analytics and follow-ups live in one place from day one.',
    primaryCta: 'Start a project',
    secondaryCta: 'Explore services',
    socialLabel: 'Follow our work',
    emailLabel: 'Email us',
    newTab: '(opens in a new tab)',
    /** Small screens: the hint that the pages slide sideways (docs/product.md §3.1). */
    slideHint: 'Slide',
  },
  stats: [
    { value: '12+', label: 'Years', longLabel: 'Years in Tech' },
    { value: '100+', label: 'Projects', longLabel: 'Projects Delivered' },
    { value: '24hr', label: 'Response', longLabel: 'Response Time' },
  ],
  servicesSection: {
    eyebrow: 'What we do',
    title: 'Services',
    intro:
      'From a first prototype to the site that runs your business, one small team carries it end to end.',
  },
  services: [
    {
      title: 'Website Design & Build',
      description:
        'Fast, accessible marketing sites designed around your customers and built to rank, convert and be easy to update.',
      icon: 'monitor-smartphone',
      accent: 'cyan',
      points: ['Mobile-first design', 'SEO and speed built in'],
    },
    {
      title: 'Custom App Development',
      description:
        'Web and mobile apps for the workflows off-the-shelf tools get wrong: portals, booking, dashboards and internal tools.',
      icon: 'code',
      accent: 'blue',
      points: ['iOS, Android and web', 'Your data, your code'],
    },
    {
      title: 'AI-Powered Workflows',
      description:
        'Put AI to work on the busywork: document analysis, smart intake and triage, and summaries your team can act on.',
      icon: 'bot',
      accent: 'magenta',
      points: ['Document analysis', 'Human review where it matters'],
    },
    {
      title: 'Small-Business Support',
      description:
        'A technical partner on call for hosting, domains, email and the tools you run on, with an answer within 24 hours.',
      icon: 'handshake',
      accent: 'cyan',
      points: ['One point of contact', '24hr response'],
    },
    {
      title: 'Rapid Prototyping',
      description:
        'Test an idea with real users quickly: a simple MVP in 7-10 days, a standard one in 2-3 weeks.',
      icon: 'flask',
      accent: 'blue',
      points: ['Clickable in days', 'Built to grow, not thrown away'],
    },
    {
      title: 'Maintenance & Growth',
      description:
        'Updates, monitoring and steady improvements after launch, backed by a 30-day bug warranty on everything we ship.',
      icon: 'wrench',
      accent: 'magenta',
      points: ['30-day bug warranty', 'Monthly improvement plans'],
    },
  ],
  miniCrmSection: {
    eyebrow: 'Included with every site',
    title: 'Every Site Gets a Brain',
    intro:
      'No extra subscription, no copy-pasting leads between tools: a private mini CRM comes built into every website we launch.',
  },
  miniCrmFeatures: [
    {
      title: 'Form Submissions',
      description:
        'Every enquiry lands in your private dashboard the moment it is sent, with an email alert so no lead slips through.',
      icon: 'inbox',
      accent: 'cyan',
    },
    {
      title: 'Simple Analytics',
      description:
        'See visits and new contacts over the last 30 days at a glance: privacy-friendly, no cookie banner needed.',
      icon: 'bar-chart',
      accent: 'blue',
    },
    {
      title: 'Follow-Up System',
      description:
        'Notes, tasks and reminders on every contact, so you always know who to call back and when.',
      icon: 'bell-ring',
      accent: 'magenta',
    },
  ],
  aboutSection: {
    eyebrow: 'Why work with us',
    title: 'A small team with a long track record',
    intro:
      'You talk to the people who design and write your software, from the first call to long after launch.',
  },
  aboutCards: [
    {
      title: 'Team-Led Expertise',
      description:
        'Senior designers and engineers work on your project directly: no hand-offs to juniors, no account managers in between.',
      icon: 'users',
      accent: 'cyan',
    },
    {
      title: '12+ Years in Tech',
      description:
        'More than a decade of shipping websites, apps and integrations, and 100+ projects delivered for businesses like yours.',
      icon: 'sparkles',
      accent: 'blue',
    },
    {
      title: 'Problem-Solving DNA',
      description:
        'We start from the problem, not the technology, and choose the simplest thing that moves your numbers.',
      icon: 'lightbulb',
      accent: 'magenta',
    },
  ],
  aiSection: {
    eyebrow: 'The AI edge',
    title: 'AI that does real work',
    intro:
      'Practical AI wired into your site and your CRM, with a person in the loop wherever decisions matter.',
  },
  aiFeatures: [
    {
      title: 'Integrated CRM Backend',
      description:
        'Leads, clients, tasks and email campaigns in one place, built into your site instead of bolted on.',
      icon: 'database',
      accent: 'cyan',
    },
    {
      title: 'Smart Intake & Triage',
      description:
        'Incoming requests and documents are read, summarised and routed to the right person automatically.',
      icon: 'workflow',
      accent: 'blue',
    },
    {
      title: 'Analytics & Insights',
      description: 'Plain-language summaries of what visitors do and which enquiries turn into business.',
      icon: 'brain-circuit',
      accent: 'magenta',
    },
  ],
  projectsSection: {
    eyebrow: 'Portfolio',
    title: 'Current Projects',
    intro: 'A few of the products we are shipping and running right now.',
    visit: 'Visit',
    videoLabel: 'Screen recording of {project}',
    pauseVideo: 'Pause the {project} video',
    playVideo: 'Play the {project} video',
    newTab: '(opens in a new tab)',
  },
  projects: [
    {
      id: 'agency-website',
      name: 'Agency Website',
      description:
        'Our own home on the web: a fast, animated landing page with the mini CRM, campaigns and analytics behind it.',
      status: 'Live',
      video: {
        mp4: 'asset:agency-website.mp4',
        webm: 'asset:agency-website.webm',
        poster: 'asset:agency-website.jpg',
      },
      stack: ['React', 'Node.js', 'PostgreSQL'],
    },
    {
      id: 'document-analysis',
      name: 'AI Document Analysis',
      description:
        'A platform that reads contracts and reports, pulls out the key facts and flags what needs a human.',
      status: 'In Development',
      video: {
        mp4: 'asset:document-analysis.mp4',
        webm: 'asset:document-analysis.webm',
        poster: 'asset:document-analysis.jpg',
      },
      stack: ['LLMs', 'OCR', 'Workflow engine'],
    },
    {
      id: 'auto-services',
      name: 'Automotive Services Marketplace',
      description: 'Drivers compare, book and pay local garages for repairs and servicing in a few taps.',
      status: 'In Development',
      video: {
        mp4: 'asset:auto-services.mp4',
        webm: 'asset:auto-services.webm',
        poster: 'asset:auto-services.jpg',
      },
      stack: ['Mobile app', 'Payments', 'Maps'],
    },
    {
      id: 'maritime-store',
      name: 'Maritime Merchandise Store',
      description:
        'An e-commerce shop for nautical apparel and gear, with inventory, orders and shipping in one place.',
      status: 'Live',
      video: {
        mp4: 'asset:maritime-store.mp4',
        webm: 'asset:maritime-store.webm',
        poster: 'asset:maritime-store.jpg',
      },
      stack: ['E-commerce', 'Inventory', 'Shipping'],
    },
  ],
  testimonialsSection: {
    eyebrow: 'Client Success',
    title: 'Client Success Stories',
    intro: 'Small businesses we have helped launch, grow and save time.',
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    ratingLabel: 'Rated {n} out of 5',
  },
  testimonials: [
    {
      name: 'Maya Rodriguez',
      title: 'Owner',
      company: 'Harbor & Vine Bakery',
      industry: 'Food & Hospitality',
      testimonial:
        'Pre-orders went from phone calls and sticky notes to a simple online form. Every order shows up in the dashboard, and weekend sales are up a third.',
      initials: 'MR',
      accentColor: 'magenta',
      rating: 5,
      showOnPhones: true,
    },
    {
      name: 'Daniel Okafor',
      title: 'Managing Partner',
      company: 'Okafor Legal Group',
      industry: 'Legal Services',
      testimonial:
        'The intake assistant reads new enquiries and sorts them by practice area before we open our inbox. We answer clients the same day now, every day.',
      initials: 'DO',
      accentColor: 'cyan',
      rating: 5,
      showOnPhones: true,
    },
    {
      name: 'Priya Shah',
      title: 'Founder',
      company: 'Northwind Physio',
      industry: 'Healthcare',
      testimonial:
        'They rebuilt our site in under three weeks and the booking requests doubled. The follow-up reminders alone pay for the whole project.',
      initials: 'PS',
      accentColor: 'blue',
      rating: 5,
      showOnPhones: false,
    },
    {
      name: 'Tom Becker',
      title: 'Operations Lead',
      company: 'Becker Auto Care',
      industry: 'Automotive',
      testimonial:
        'We had a working prototype of our booking app in ten days. Customers book and pay from their phone, and the workshop sees the day at a glance.',
      initials: 'TB',
      accentColor: 'cyan',
      rating: 5,
      showOnPhones: false,
    },
    {
      name: 'Elena Marsh',
      title: 'Director',
      company: 'Saltline Outfitters',
      industry: 'Retail & E-commerce',
      testimonial:
        'Our store finally keeps stock in sync with the warehouse. When something breaks they fix it within hours, not weeks.',
      initials: 'EM',
      accentColor: 'magenta',
      rating: 5,
      showOnPhones: false,
    },
    {
      name: 'James Whitfield',
      title: 'CEO',
      company: 'Whitfield Property Services',
      industry: 'Real Estate',
      testimonial:
        'Clear plan, honest timelines and no surprises on the invoice. Twelve years of experience shows in how calmly they run a project.',
      initials: 'JW',
      accentColor: 'blue',
      rating: 5,
      showOnPhones: false,
    },
  ],
  processSection: {
    eyebrow: 'How We Work',
    title: 'How We Work',
    intro: 'Five clear steps from the first call to a site that keeps getting better.',
    deliverablesLabel: 'Deliverables',
    callout: {
      title: 'Need it sooner?',
      description:
        'Simple MVPs ship in 7-10 days, standard builds in 2-3 weeks and complex AI platforms in 3-6 weeks. We take on a few fast-track projects each month.',
      badges: ['Fast Track Available', 'Limited Slots'],
      cta: 'Book a discovery call',
    },
  },
  processSteps: [
    {
      title: 'Discovery Call',
      timeline: '24 hours',
      description:
        'A free 30-minute call about your goals, your customers and what success looks like. You hear back from us within a day.',
      deliverables: ['Goals and scope summary', 'First recommendations'],
      accent: 'cyan',
    },
    {
      title: 'Proposal & Plan',
      timeline: '1-2 days',
      description:
        'A fixed-price proposal with milestones, a timeline and exactly what you get. No hourly surprises.',
      deliverables: ['Fixed-price proposal', 'Milestone timeline'],
      accent: 'blue',
    },
    {
      title: 'Design & Build',
      timeline: '1-3 weeks',
      description:
        'We design, build and show you progress every few days on a live preview link, so you steer as we go.',
      deliverables: ['Live preview link', 'Weekly check-ins'],
      accent: 'magenta',
    },
    {
      title: 'Launch & Training',
      timeline: '2-3 days',
      description:
        'We launch, connect your domain and mini CRM, and walk your team through everything in a short session.',
      deliverables: ['Go-live and monitoring', 'Team training session'],
      accent: 'cyan',
    },
    {
      title: 'Support & Growth',
      timeline: 'Ongoing',
      description:
        'A 30-day bug warranty, then optional care plans for updates, improvements and new features as you grow.',
      deliverables: ['30-day bug warranty', 'Monthly care plan'],
      accent: 'blue',
    },
  ],
  faqSection: {
    eyebrow: 'FAQ',
    title: 'Frequently Asked Questions',
    intro: 'Straight answers to what small businesses ask us most.',
    ctaTitle: 'Still have questions?',
    ctaText: 'Send us a message and we will answer within 24 hours, or email us directly.',
    ctaButton: 'Ask us anything',
  },
  faqCategories: [
    {
      category: 'Getting Started',
      icon: 'sparkles',
      items: [
        {
          question: 'How do we get started?',
          answer:
            'Send the contact form or email us. Within 24 hours we set up a free discovery call, and a day or two later you get a fixed-price proposal.',
        },
        {
          question: 'Do I need to have everything figured out?',
          answer:
            'No. Many clients arrive with a rough idea. We help you shape the scope, pick what matters for a first version and leave the rest for later.',
        },
      ],
    },
    {
      category: 'Timelines',
      icon: 'workflow',
      items: [
        {
          question: 'How long does a project take?',
          answer:
            'A simple MVP takes 7-10 days, a standard website or app 2-3 weeks, and complex AI platforms 3-6 weeks. Your proposal gives exact dates.',
        },
        {
          question: 'Can you deliver faster?',
          answer:
            'Yes, with Fast Track. We keep a few slots each month for urgent launches; ask early, as they fill quickly.',
        },
      ],
    },
    {
      category: 'Pricing',
      icon: 'bar-chart',
      items: [
        {
          question: 'How much does a website cost?',
          answer:
            'It depends on scope, so every proposal is a fixed price agreed before work starts. You pay in milestones, never by the hour.',
        },
        {
          question: 'Are there ongoing fees?',
          answer:
            'Only hosting and any care plan you choose. The mini CRM is included with every site at no extra subscription.',
        },
      ],
    },
    {
      category: 'AI & Technology',
      icon: 'brain-circuit',
      items: [
        {
          question: 'What can AI actually do for my business?',
          answer:
            'Read and summarise documents, sort incoming enquiries, draft replies and surface trends in your data. We start where it saves the most hours.',
        },
        {
          question: 'Who owns the code and the data?',
          answer:
            'You do. The code, the content and every contact in your CRM belong to you, and we hand over full access at launch.',
        },
      ],
    },
    {
      category: 'Support',
      icon: 'wrench',
      items: [
        {
          question: 'What happens after launch?',
          answer:
            'Every launch comes with a 30-day bug warranty. After that, care plans cover updates, monitoring and steady improvements.',
        },
        {
          question: 'How fast do you respond to issues?',
          answer:
            'We answer every message within 24 hours, and urgent problems on live sites are handled the same day.',
        },
      ],
    },
  ],
  contactSection: {
    eyebrow: 'Get started',
    title: "Let's build what's next",
    lead: 'Have a project in mind?',
    leadAccent: "Let's talk.",
    intro: 'Tell us about your project. We answer every message within 24 hours.',
    promises: [
      'A reply within 24 hours',
      'Simple MVPs delivered in 7-10 days',
      '30-day bug warranty on every launch',
      'A mini CRM included with every site',
    ],
    dialogTitle: 'Start a project',
    dialogDescription: "Share a few details and we'll get back to you within 24 hours.",
  },
  contactForm: {
    nameLabel: 'Name',
    namePlaceholder: 'Jane Smith',
    emailLabel: 'Email',
    emailPlaceholder: 'jane@company.com',
    phoneLabel: 'Phone',
    phoneOptional: '(optional)',
    phonePlaceholder: '(123) 456-7890',
    messageLabel: 'Message',
    messagePlaceholder: 'What are you building? Goals, timeline, anything that helps.',
    preferTextAndCallLabel: 'Check if you prefer a text and a call',
    submit: 'Send Message',
    submitting: 'Sending...',
    successTitle: 'Message sent!',
    successDescription: "Thanks for reaching out. We'll get back to you soon.",
    errorTitle: 'Error',
    /** `{email}` is replaced by the site's contact address (docs/product.md §3.5). */
    errorFallback: 'Failed to send message. Please try again or email us directly at {email}',
  },
  sectionNav: {
    label: 'Section navigation',
    /** Desktop sections in page order, with the names the tooltips show. */
    sections: [
      { id: 'hero', label: 'Intro' },
      { id: 'services', label: 'Services' },
      { id: 'mini-crm', label: 'Every Site Gets a Brain' },
      { id: 'about', label: 'About' },
      { id: 'ai', label: 'AI' },
      { id: 'current-projects', label: 'Current Projects' },
      { id: 'testimonials', label: 'Client Success Stories' },
      { id: 'process', label: 'How We Work' },
      { id: 'faq', label: 'FAQ' },
      { id: 'contact', label: 'Contact' },
    ],
    previous: 'Previous section',
    next: 'Next section',
  },
  pages: [
    { id: 'page1', title: 'Intro & Services' },
    { id: 'page2', title: 'Portfolio & Work' },
    { id: 'page3', title: 'Get Started' },
  ],
  mobile: {
    heroLines: ['Build Fast', 'Think Big', 'Deliver Impact'],
    heroIntro: 'Websites, apps and AI workflows for small businesses, each with a built-in mini CRM.',
    startCta: 'Start Building',
    servicesTitle: 'What we do',
    brainTitle: 'Built-In Brain',
    whyTitle: 'Why',
    aiTitle: 'The AI Edge',
    projectsTitle: 'Portfolio',
    testimonialsTitle: 'Client Success',
    processTitle: 'Our Process',
    faqTitle: 'Common Questions',
    contactTitle: "Let's Build",
    contactIntro: 'Tell us what you need. We reply within 24 hours.',
    menuOpen: 'Open navigation',
    menuTitle: 'Navigation',
    menuDescription: 'Jump to a page',
    back: 'Previous page',
    getInTouch: 'Get in Touch',
    goToPage: 'Go to page {n}: {title}',
    pagesLabel: 'Pages',
    secretArea: 'Version',
    adminCta: 'Sign in as Admin',
  },
  footer: {
    tagline: 'Websites, apps and AI workflows for small businesses.',
    rights: 'All rights reserved.',
  },
};
